import type { Hono } from "hono";
import { routedPath } from "./app.ts";
import { loadConfig } from "./config/config.ts";
import { countView } from "./insights/index.ts";
import { routeMethods } from "./middleware/methods/index.ts";
import { inPreview } from "./preview/index.ts";
import type { AppEnv } from "./request/app-env.ts";
import { publicSite } from "./request/public-site.ts";

/**
 * What the public site's pages read of the query string: the search's `q`, the map's `tag`, the
 * contact form's `photo`, a zoom region's `rect` and `w`. Nothing else reaches it, so that a
 * link's `utm_source` or a made-up `?n=1` is the same kept page, not another render (with the
 * publish webhook set, each render reads Sanity).
 */
const PUBLIC_QUERY = ["q", "tag", "photo", "rect", "w"] as const;

/**
 * Headers Workers Cache adds to its key (against cache poisoning) that the public site never
 * reads: left on, each value sent would be a page kept and rendered anew.
 */
const KEYED_HEADERS = [
  "Forwarded",
  "X-Forwarded-Host",
  "X-Host",
  "X-Original-URL",
  "X-Rewrite-URL",
  "X-HTTP-Method-Override",
  "X-HTTP-Method",
  "X-Method-Override",
];

/** A public page's request as the cached entrypoint gets it: no cookie, nothing it does not read. */
function publicRequest(request: Request): Request {
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const name of PUBLIC_QUERY) {
    const value = url.searchParams.get(name);
    if (value !== null) query.set(name, value);
  }
  url.search = query.toString();
  const forwarded = new Request(url, request);
  for (const name of ["Cookie", "Authorization", ...KEYED_HEADERS]) forwarded.headers.delete(name);
  return forwarded;
}

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
 * PublicSite, without their cookies (its answers are shared with every visitor), with only what
 * its pages read of the query (publicRequest), and with their
 * origin as props (Workers Cache keys on entrypoint, path, query and props, not on the host);
 * or, with a genuine preview cookie, to the draft preview of the site. Each public page's answer
 * is counted for insights (insights/views.ts); the owner's previews are not. Where there is no cached
 * entrypoint to call (some test runners), the public site answers directly.
 */
export function createGateway(apps: Apps) {
  const privateMethods = routeMethods(apps.private);
  const siteMethods = routeMethods(apps.site);
  /**
   * A read of an address where the private app has no page: the public site's, unless only the
   * private app has the address (`/cart/add`, a form's), whose 405 says what it takes.
   */
  const isPublic = (request: Request): boolean => {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    // "/cart/" is the private app's too: its redirect to "/cart" is one visitor's, kept by nobody.
    const path = routedPath(request).replace(/(?<=.)\/$/, "");
    const methods = privateMethods(path);
    return !methods.includes("GET") && (methods.length === 0 || siteMethods(path).includes("GET"));
  };
  return {
    async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
      if (!isPublic(request)) return apps.private.fetch(request, env, ctx);
      if (await inPreview(request.headers.get("Cookie"), loadConfig(env).sanityToken)) {
        return apps.preview.fetch(request, env, ctx);
      }
      const forwarded = publicRequest(request);
      const site = publicSite(ctx, { origin: new URL(request.url).origin });
      const response = await (site ? site.fetch(forwarded) : apps.site.fetch(forwarded, env, ctx));
      // Counted here, past the cache, so a page Workers Cache answered is a view too.
      countView(env, ctx, request, response);
      return response;
    },
  } satisfies ExportedHandler<Env>;
}
