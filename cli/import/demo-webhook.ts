/**
 * Against the demo of `npm start`, the run tells the site what it changed the way Sanity's
 * webhook would (docs/publishing.md): one signed delivery per published
 * document it created or updated (tags, assets, the page or post), through the same code as
 * `npm run demo:publish` (demo/publish.ts). Real Sanity sends its own webhook on every
 * mutation, so against Sanity nothing is sent from here; the demo content service sends none.
 */
import { sendSanityWebhook, webhookBody } from "../../demo/publish.ts";
import type { SanityTarget } from "../lib/sanity-target.ts";
import { type ChangedDocuments, describeError } from "./photo.ts";

/** Sends the deliveries; resolves with what went wrong (nothing when the site took them all). */
export async function notifyDemoSite(
  target: Pick<SanityTarget, "demo">,
  changed: ChangedDocuments,
): Promise<string[]> {
  if (!target.demo) return [];
  const problems: string[] = [];
  for (const doc of changed.values()) {
    try {
      const answer = await sendSanityWebhook({
        siteUrl: target.demo.site,
        secret: target.demo.webhookSecret,
        body: webhookBody(doc, doc.operation),
      });
      if (answer.status < 200 || answer.status >= 300) {
        problems.push(`the site answered ${answer.status} for ${doc._id}`);
      }
    } catch (error) {
      problems.push(`the site at ${target.demo.site} cannot be reached (${describeError(error)})`);
      break;
    }
  }
  return problems;
}
