import type { TestProject } from "vitest/node";
import type { ContentService } from "../../demo/server/server.ts";
import { startDemoContent } from "../../scripts/site-server.ts";
import { type FaultServer, startFaultServer } from "../support/fault-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    contentUrl: string;
    faultUrl: string;
  }
}

let content: ContentService | undefined;
let faults: FaultServer | undefined;

/** The worker tests talk to the real demo content service (and a stand-in that fails on purpose) over HTTP. */
export async function setup(project: TestProject) {
  content = await startDemoContent();
  faults = await startFaultServer(content.url);
  project.provide("contentUrl", content.url);
  project.provide("faultUrl", faults.url);
}

export async function teardown() {
  await faults?.close();
  await content?.close();
}
