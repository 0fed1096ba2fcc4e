// What `npm run demo:publish` needs to change the running demo the way Sanity would: where the
// site and the demo content service answer, and the token and webhook secret made up for this
// run of `npm start`. Kept under .wrangler/ (ignored by git), readable by this user only.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ROOT, type RunningSite } from "./site-server.ts";

export const SESSION_FILE = resolve(ROOT, ".wrangler/demo-session.json");

export interface DemoSession {
  site: string;
  content: string;
  token: string;
  webhookSecret: string;
}

export function writeDemoSession(site: RunningSite): void {
  if (!site.content || !site.vars.SANITY_TOKEN || !site.vars.SANITY_WEBHOOK_SECRET) return;
  const session: DemoSession = {
    site: site.url,
    content: site.content.url,
    token: site.vars.SANITY_TOKEN,
    webhookSecret: site.vars.SANITY_WEBHOOK_SECRET,
  };
  mkdirSync(dirname(SESSION_FILE), { recursive: true });
  writeFileSync(SESSION_FILE, JSON.stringify(session, null, 2), { mode: 0o600 });
}

export function readDemoSession(): DemoSession {
  try {
    return JSON.parse(readFileSync(SESSION_FILE, "utf8")) as DemoSession;
  } catch {
    throw new Error("No running demo found: start the site with `npm start` first.");
  }
}
