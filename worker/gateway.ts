import type { Hono } from "hono";
import { routedPath } from "./app.ts";
import { loadConfig } from "./config/config.ts";
import { countView } from "./insights/index.ts";
import { routeMethods } from "./middleware/methods/index.ts";
import { inPreview } from "./preview/index.ts";
import type { AppEnv } from "./request/app-env.ts";
import { publicSite } from "./request/public-site.ts";

interface Apps {
  /** The public site, as PublicSite serves it (app.ts). */
  site: Hono<AppEnv>;
  /** The same site in the owner's draft preview. */
  preview: Hono<AppEnv>;
  /** Everything one visitor's or the owner's (app.ts). */
  private: Hono<AppEnv>;
}

/**
 * The uncached front door, and the one place that decides what may be cached: the apps' own
 * routes say it. The private app answers every request but a read (GET, HEAD) of an address
 * where it has no page (its GET routes are matched before the site's `/{slug}` would take
 * `/cart`): those are the public site's, and go on to the cached entrypoint,
 * PublicSite, without their cookies (its answers are shared with every visitor) and with their
 * origin as props (Workers Cache keys on entrypoint, path, query and props, not on the host);
 * or, with a genuine preview cookie, to the draft preview of the site. Each public page's answer
 * is counted for insights (insights/views.ts); the owner's previews are not. Where there is no cached
 * entrypoint to call (some test runners), the public site answers directly.
 */
export function createGateway(apps: Apps) {
  const privateMethods = routeMethods(apps.private);
  /** A read of an address where the private app has no page: the public site's. */
  const isPublic = (request: Request): boolean =>
    (request.method === "GET" || request.method === "HEAD") &&
    // "/cart/" is the private app's too: its redirect to "/cart" is one visitor's, kept by nobody.
    !privateMethods(routedPath(request).replace(/(?<=.)\/$/, "")).includes("GET");
  return {
    async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
      if (!isPublic(request)) return apps.private.fetch(request, env, ctx);
      if (await inPreview(request.headers.get("Cookie"), loadConfig(env).sanityToken)) {
        return apps.preview.fetch(request, env, ctx);
      }
      const forwarded = new Request(request);
      forwarded.headers.delete("Cookie");
      forwarded.headers.delete("Authorization");
      const site = publicSite(ctx, { origin: new URL(request.url).origin });
      const response = await (site ? site.fetch(forwarded) : apps.site.fetch(forwarded, env, ctx));
      // Counted here, past the cache, so a page Workers Cache answered is a view too.
      countView(env, ctx, request, response);
      return response;
    },
  } satisfies ExportedHandler<Env>;
}
