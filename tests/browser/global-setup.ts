import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { createDemoGallery } from "../../scripts/demo-gallery.ts";
import { type RunningSite, startSite } from "../../scripts/site-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    siteUrl: string;
    contentUrl: string;
    /** The content service's token (the owner's, as the Studio reads private documents with it). */
    contentToken: string;
    /** A client gallery on the site (npm start's demo gallery): its path and password. */
    gallery: { path: string; password: string };
    /** The lab stand-in the site's store sends prints to (its control API, to ship an order). */
    labUrl: string;
    /** The key the site calls the Stripe stand-in with (to read a checkout session, as Stripe's API). */
    stripeKey: string;
    /** The file the site's output is kept in: the e-mails it sends (scripts/local-mail.ts). */
    siteLog: string;
  }
}

let site: RunningSite | undefined;
const logs = mkdtempSync(join(tmpdir(), "browser-site-"));

/**
 * Serves the built site with the demo content once for all browser tests, with a client
 * gallery in it as `npm start` makes one (a private gallery must stay out of every public page).
 */
export async function setup(project: TestProject) {
  const logFile = join(logs, "site.log");
  site = await startSite({ isolated: true, logFile });
  project.provide("siteLog", logFile);
  project.provide("siteUrl", site.url);
  project.provide("contentUrl", site.content?.url ?? "");
  project.provide("contentToken", site.vars.SANITY_TOKEN ?? "");
  project.provide("labUrl", site.store?.lab.url ?? "");
  project.provide("stripeKey", site.vars.STRIPE_SECRET_KEY ?? "");
  const gallery = await createDemoGallery(site);
  project.provide("gallery", { path: new URL(gallery.link).pathname, password: gallery.password });
}

export async function teardown() {
  await site?.close();
  rmSync(logs, { recursive: true, force: true });
}
