/**
 * Publishes a change on the demo content service and tells the site, as Sanity does after an
 * editor presses Publish: one transaction patches the published documents, then every patched
 * document is announced with a signed webhook.
 *
 * Usage:
 *   node demo/scripts/publish.ts --content <url> [--site <url>] [--token <t>] [--secret <s>]
 *     --set <docId>.<path>=<json> [--set …] [--unset <docId>.<path> …] [--dataset production]
 *
 *   --content  the demo content service (printed by `node demo/server/cli.ts --token …`)
 *   --site     the site; the webhook goes to <site>/_app/hooks/sanity (left out: no webhook)
 *   --token    the service's write token          (default: $SANITY_TOKEN)
 *   --secret   the webhook secret the site checks (default: $SANITY_WEBHOOK_SECRET)
 *   --set      a field and its new value as JSON; the path may go deeper ("slug.current")
 *   --unset    a field to remove
 *
 * Examples:
 *   node demo/scripts/publish.ts --content http://127.0.0.1:9999 --site http://127.0.0.1:8787 \
 *     --set 'siteSettings.title="Jane Doe Photography (new)"'
 *   node demo/scripts/publish.ts --content … --site … \
 *     --set 'post-still-life-on-rainy-days.excerpt="Rain again."' --unset page-about.description
 *   node demo/scripts/publish.ts --content … --site … \
 *     --set 'clientGallery.3kqv7mzt2h4xw5nrbd6yq2acpe.stage="delivered"'
 *
 * Prints one line per document and exits 1 if the service or the site refuses.
 */
import { parseArgs } from "node:util";
import { mutate, sendSanityWebhook, webhookBody } from "../publish.ts";

const USAGE =
  "Usage: node demo/scripts/publish.ts --content <url> [--site <url>] [--token <t>] [--secret <s>]\n" +
  "         --set <docId>.<path>=<json> [--set …] [--unset <docId>.<path> …] [--dataset <name>]";

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

/**
 * The paths of the documents the site keeps on one (their ids have a dot of their own): a client
 * gallery (`clientGallery.{id}`), the owner's private settings (`settings.location`).
 */
const PATH_IDS = new Set(["clientGallery", "settings"]);

/**
 * `docId.path` → [docId, path]. Published ids have no dot, so the first one ends the id, except
 * for a document on a path (PATH_IDS), whose id ends at the second:
 * `clientGallery.3kqv7mzt2h4xw5nrbd6yq2acpe.stage`.
 */
function target(spec: string, option: string): [string, string] {
  const first = spec.indexOf(".");
  const dot = PATH_IDS.has(spec.slice(0, first)) ? spec.indexOf(".", first + 1) : first;
  if (dot <= 0 || dot === spec.length - 1) {
    fail(`--${option} "${spec}": expected <docId>.<field>`);
  }
  return [spec.slice(0, dot), spec.slice(dot + 1)];
}

interface Patch {
  id: string;
  set: Record<string, unknown>;
  unset: string[];
}

function patches(sets: string[], unsets: string[]): Patch[] {
  const byId = new Map<string, Patch>();
  const patchFor = (id: string) => {
    let patch = byId.get(id);
    if (!patch) {
      patch = { id, set: {}, unset: [] };
      byId.set(id, patch);
    }
    return patch;
  };
  for (const spec of sets) {
    const eq = spec.indexOf("=");
    if (eq < 0) fail(`--set "${spec}": expected <docId>.<field>=<json>`);
    const [id, path] = target(spec.slice(0, eq), "set");
    const json = spec.slice(eq + 1);
    try {
      patchFor(id).set[path] = JSON.parse(json);
    } catch {
      fail(`--set "${spec}": the value must be JSON (quote strings: '${id}.${path}="text"')`);
    }
  }
  for (const spec of unsets) {
    const [id, path] = target(spec, "unset");
    patchFor(id).unset.push(path);
  }
  return [...byId.values()];
}

async function main(): Promise<void> {
  let values: {
    content?: string;
    site?: string;
    token?: string;
    secret?: string;
    dataset?: string;
    set?: string[];
    unset?: string[];
  };
  try {
    values = parseArgs({
      options: {
        content: { type: "string" },
        site: { type: "string" },
        token: { type: "string" },
        secret: { type: "string" },
        dataset: { type: "string" },
        set: { type: "string", multiple: true },
        unset: { type: "string", multiple: true },
      },
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
  const token = values.token ?? process.env.SANITY_TOKEN;
  const secret = values.secret ?? process.env.SANITY_WEBHOOK_SECRET;
  if (!values.content) fail("Missing --content");
  if (!token) fail("Missing --token (or SANITY_TOKEN)");
  if (values.site && !secret) fail("Missing --secret (or SANITY_WEBHOOK_SECRET)");
  const changes = patches(values.set ?? [], values.unset ?? []);
  if (changes.length === 0) fail("Nothing to publish: give at least one --set or --unset");

  const mutations = changes.map(({ id, set, unset }) => ({
    patch: {
      id,
      ...(Object.keys(set).length > 0 ? { set } : {}),
      ...(unset.length > 0 ? { unset } : {}),
    },
  }));
  const answer = await mutate(values.content, token, mutations, {
    ...(values.dataset ? { dataset: values.dataset } : {}),
  });

  let failed = false;
  for (const result of answer.results) {
    const line = `${result.operation} ${result.id} (rev ${answer.transactionId})`;
    if (!values.site || !secret || !result.document) {
      console.log(`${line}; no webhook sent`);
      continue;
    }
    const delivered = await sendSanityWebhook({
      siteUrl: values.site,
      secret,
      body: webhookBody(result.document, "update"),
      transactionId: answer.transactionId,
      ...(values.dataset ? { dataset: values.dataset } : {}),
    });
    const ok = delivered.status >= 200 && delivered.status < 300;
    if (!ok) failed = true;
    console.log(
      `${line}; webhook answered ${delivered.status}${ok ? "" : ` ${delivered.text.slice(0, 200)}`}`,
    );
  }
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
