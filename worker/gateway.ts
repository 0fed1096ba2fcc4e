import type { Hono } from "hono";
import { LANGUAGE_CODES } from "../shared/i18n/languages.ts";
import { loadConfig } from "./config/config.ts";
import { inPreview } from "./preview/index.ts";
import type { AppEnv } from "./request/app-env.ts";

/**
 * Answered by the gateway itself, never through the cache: the publish webhook, preview on/off,
 * the contact form's fill-time stamps, client galleries (private to whoever holds their
 * cookies, which the cached entrypoint never sees) and their uploads, the store's cart and
 * order pages (one visitor's each) and Stripe's webhook.
 */
const UNCACHED_PATHS = new RegExp(
  `^/(?:_app/(?:hooks|preview|inquiries|galleries|store)|g|(?:(?:${LANGUAGE_CODES.join("|")})/)?(?:cart|order))(?:/|$)`,
);

/** The origin a public page was asked on: part of its cache key, as canonical URLs name it. */
export interface PublicSiteProps {
  origin: string;
}

/**
 * The uncached front door. Public page views (GET and HEAD, no preview cookie) go on to the
 * cached entrypoint, PublicSite, without their cookies (its answers are shared with every
 * visitor) and with their origin as props (Workers Cache keys on entrypoint, path, query and
 * props, not on the host). The owner's preview, the publish webhook, the preview switches and
 * every other method are answered here by the same app and never reach the cache. Where
 * there is no cached entrypoint to call (some test runners), the app answers directly.
 */
export function createGateway(app: Hono<AppEnv>) {
  return {
    async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
      const url = new URL(request.url);
      const pageView = request.method === "GET" || request.method === "HEAD";
      const direct =
        !pageView ||
        UNCACHED_PATHS.test(url.pathname) ||
        (await inPreview(request.headers.get("Cookie"), loadConfig(env).sanityToken));
      const site = direct ? undefined : publicSite(ctx, { origin: url.origin });
      if (!site) return app.fetch(request, env, ctx);
      const forwarded = new Request(request);
      forwarded.headers.delete("Cookie");
      forwarded.headers.delete("Authorization");
      return site.fetch(forwarded);
    },
  } satisfies ExportedHandler<Env>;
}

function publicSite(ctx: ExecutionContext, props: PublicSiteProps): Fetcher | undefined {
  const entrypoint = ctx.exports?.PublicSite;
  return typeof entrypoint === "function" ? entrypoint({ props }) : undefined;
}
