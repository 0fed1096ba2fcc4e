// `npm start`: builds the site and serves the production build at http://localhost:8787
// (PORT overrides), on the embedded demo content unless a Sanity project is configured.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { ConfigError, loadConfig } from "../worker/config/config.ts";
import { createDemoGallery, demoGalleryLine } from "./demo-gallery.ts";
import { writeDemoSession } from "./demo-session.ts";
import { ROOT, resolveVars, startSite, usesDemoContent } from "./site-server.ts";

const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(2);
}

const build = spawnSync(resolve(ROOT, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], {
  cwd: ROOT,
  stdio: "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);

const vars = resolveVars({});
const demo = usesDemoContent(vars);
if (!demo) {
  // Say which setting is wrong before visitors see the 500 page.
  const { content } = loadConfig(vars);
  if (content instanceof ConfigError) {
    console.error(
      `\n✖ ${content.message}\n  Pages will answer with the error page until it is fixed.\n`,
    );
  }
}

const site = await startSite({ port, inheritOutput: true });
if (site.content) writeDemoSession(site);

// The demo's client gallery, with a password made for this run only (never written anywhere).
let galleryLine = "";
if (site.content) {
  try {
    galleryLine = `\n   ${demoGalleryLine(await createDemoGallery(site, `http://localhost:${port}`))}`;
  } catch (error) {
    galleryLine = `\n   (No demo client gallery this time: ${(error as Error).message})`;
  }
}

const storeLine = site.store
  ? `\n   The store sells on stand-ins: payments on a Stripe stand-in (${site.store.payments.url}, nothing is charged) and prints from a Prodigi stand-in (${site.store.lab.url}).`
  : "";

console.log(
  `\n📷 Portfolio running at http://localhost:${port}` +
    (demo
      ? ` (demo content from ${site.content?.url})`
      : ` (Sanity project ${vars.SANITY_PROJECT_ID})`) +
    galleryLine +
    storeLine +
    (site.content
      ? "\n   Publish a change as Sanity does: npm run demo:publish -- --set 'siteSettings.title=\"New title\"'"
      : "") +
    "\n   Press Ctrl+C to stop.\n",
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await site.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
