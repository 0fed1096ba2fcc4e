import { purgePublicSite, sanityWebhook } from "./webhook.ts";

export { type PurgeRequest, type PurgeResult, purgeWorkersCache } from "../content/purge.ts";

/**
 * Publishing: the signed Sanity webhook at `POST /_app/hooks/sanity`, which advances the
 * content generation and purges the pages the change shows (webhook.ts, purge-plan.ts).
 */
export const publishing = sanityWebhook(purgePublicSite);
