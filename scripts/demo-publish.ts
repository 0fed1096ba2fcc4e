// `npm run demo:publish -- --set '<docId>.<field>=<json>' …`: publishes a change on the demo
// that `npm start` is running and sends the signed webhook, exactly as Sanity does after the
// owner presses Publish (demo/scripts/publish.ts does the work; this fills in where and how).
// Example: npm run demo:publish -- --set 'siteSettings.title="Jane Doe Photography (new)"'
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { readDemoSession } from "./demo-session.ts";
import { ROOT } from "./site-server.ts";

let session: ReturnType<typeof readDemoSession>;
try {
  session = readDemoSession();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const run = spawnSync(
  process.execPath,
  [
    resolve(ROOT, "demo/scripts/publish.ts"),
    "--content",
    session.content,
    "--site",
    session.site,
    ...process.argv.slice(2),
  ],
  {
    stdio: "inherit",
    // The secrets go by environment, never on a command line others could read.
    env: {
      ...process.env,
      SANITY_TOKEN: session.token,
      SANITY_WEBHOOK_SECRET: session.webhookSecret,
    },
  },
);
process.exit(run.status ?? 1);
