import { purgePublicSite, sanityWebhook } from "./webhook.ts";

export { type PurgeRequest, type PurgeResult, purgeWorkersCache } from "./purge.ts";

/**
 * Publishing: the signed Sanity webhook at `POST /_app/hooks/sanity`, which advances the
 * content generation and purges the pages the change shows (webhook.ts, purge-plan.ts).
 *
 * @example
 * ```ts
 * app.route("/_app/hooks", publishing); // before the cache headers and the method guard
 * ```
 */
export const publishing = sanityWebhook(purgePublicSite);
