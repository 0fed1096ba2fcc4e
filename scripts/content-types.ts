// `npm run types:content` writes worker/content/sanity.types.ts: Sanity TypeGen's types of the
// Studio's schema and of the worker's GROQ queries (set up under `typegen` in
// studio/sanity.cli.ts). With --check (`npm run check:content-types`, part of `npm test`) it
// generates them into a temporary folder instead and fails when the committed file differs, so
// a schema or query change cannot leave the worker's types behind; the check runs again only
// when one of those files has changed since it last passed (scripts/unchanged-check.ts).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, sanity } from "./studio-cli.ts";
import { unlessPassedBefore } from "./unchanged-check.ts";

const TYPES = "worker/content/sanity.types.ts";

function main(check: boolean): boolean {
  // TypeGen names the schema file in what it writes, so both modes extract to the same path
  // (studio/.sanity is ignored by git).
  if (!sanity(["schema", "extract", "--path", ".sanity/schema.json", "--force"])) return false;
  if (!check) return sanity(["typegen", "generate"]);
  const scratch = mkdtempSync(join(tmpdir(), "content-types-"));
  try {
    const output = join(scratch, "sanity.types.ts");
    if (!sanity(["typegen", "generate"], { SANITY_TYPEGEN_OUTPUT: output })) return false;
    if (readFileSync(output, "utf8") !== readFileSync(join(ROOT, TYPES), "utf8")) {
      console.error(`${TYPES} is stale: run npm run types:content`);
      return false;
    }
    console.log(`${TYPES} is up to date.`);
    return true;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const check = process.argv.includes("--check");
// The types follow from the Studio's files and the queries alone.
const inputs = ["studio", "worker/content/queries.ts", TYPES];
if (!(check ? unlessPassedBefore("content-types", inputs, () => main(true)) : main(false))) {
  process.exitCode = 1;
}
