import { purgePublicSite, sanityWebhook } from "./webhook.ts";

export { type PurgeRequest, type PurgeResult, purgeWorkersCache } from "../content/purge.ts";
export { PublishLog } from "./publish-log.ts";

/**
 * Publishing: the signed Sanity webhook at `POST /_app/hooks/sanity`, which purges the pages the
 * change shows (webhook.ts, purge-plan.ts) and has them purged again a little later
 * (publish-log.ts).
 */
export const publishing = sanityWebhook(purgePublicSite);
