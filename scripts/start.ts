// `npm start`: builds the site and serves the production build at http://localhost:8787
// (PORT overrides), on the embedded demo content unless a Sanity project is configured.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { ConfigError, loadConfig, ownerMailbox } from "../worker/config/config.ts";
import { sanityClient } from "../worker/content/sanity-client.ts";
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

/**
 * Where the owner's e-mails go, decided as the worker decides it (ownerMailbox: CONTACT_EMAIL_TO,
 * else the Site settings' e-mail, read from the content now): an owner whom none would reach
 * learns it here, not after the first order.
 */
async function ownerMailLine(): Promise<string> {
  const config = loadConfig(site.vars);
  let settingsEmail: string | null = null;
  if (!config.mail.to && !(config.content instanceof ConfigError)) {
    const query = '*[_id == "siteSettings"][0].email';
    settingsEmail = await sanityClient(config.content)
      .fetch<string | null>(query)
      .catch(() => null);
  }
  const to = ownerMailbox(config, settingsEmail);
  if (!to) {
    return "\n   ⚠ No e-mail reaches you of a paid order or a client's selection: set CONTACT_EMAIL_TO, or an e-mail in the Studio's Site settings.";
  }
  const from = config.mail.to ? "CONTACT_EMAIL_TO" : "the Site settings' e-mail";
  return `\n   Your e-mails of paid orders and client galleries go to ${to} (${from}).`;
}
const mailLine = await ownerMailLine();

const storeLine = site.store
  ? `\n   The store sells on stand-ins: payments on a Stripe stand-in (${site.store.payments.url}, nothing is charged) and prints from a Prodigi stand-in (${site.store.lab.url}).`
  : "";
const calendarLine = site.calendar
  ? `\n   Booking reads your busy times from a stand-in for your calendar (${site.calendar.url}): one afternoon is busy.`
  : "";

console.log(
  `\n📷 Portfolio running at http://localhost:${port}` +
    (demo
      ? ` (demo content from ${site.content?.url})`
      : ` (Sanity project ${vars.SANITY_PROJECT_ID})`) +
    galleryLine +
    storeLine +
    calendarLine +
    mailLine +
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
