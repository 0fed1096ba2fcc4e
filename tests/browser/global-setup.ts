import type { TestProject } from "vitest/node";
import { freePort, type RunningSite, startSite } from "../../scripts/site-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    siteUrl: string;
    contentUrl: string;
  }
}

let site: RunningSite | undefined;

/** Serves the built site with the demo content once for all browser tests. */
export async function setup(project: TestProject) {
  site = await startSite({ port: await freePort(), isolated: true });
  project.provide("siteUrl", site.url);
  project.provide("contentUrl", site.content?.url ?? "");
}

export async function teardown() {
  await site?.close();
}
