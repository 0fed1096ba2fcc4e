import type { MiddlewareHandler } from "hono";
import { inLanguage, splitLanguage } from "../../content/paths.ts";
import { siteLanguages } from "../../content/site-settings.ts";
import { redirectTarget } from "../../lib/redirect-target.ts";
import type { AppEnv } from "../../request/app-env.ts";
import { settingsDocumentFor } from "../../request/context.ts";

/**
 * A further language's addresses (`/de/…`, worker/content/paths.ts). The router sees each one
 * without its prefix (the app's `getPath`), so every route answers in every language; this
 * middleware decides whether the language is the site's: one the owner turned on is put on the
 * context (`language`, which the site settings, the content and the words follow); the site's
 * own language is a permanent redirect to the address without a prefix, so each page has one
 * address per language (so is `/de/` to `/de`); any other is no address at all (404). A
 * redirect the page answers with (`/de/archive/page/1` → `/archive`) stays in the language.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { configure } from "../../config/middleware.ts";
 * import type { AppEnv } from "../../request/app-env.ts";
 * import { language } from "./index.ts";
 *
 * const app = new Hono<AppEnv>();
 * app.use(configure, language);
 * app.get("/", (c) => c.text(c.var.language ?? "the site's own"));
 * // With German turned on in the site settings: GET /de → "de"; GET /de/ → 301 /de;
 * // GET /en (the site's own) → 301 /; GET /fr (not turned on) → 404.
 * ```
 */
export const language: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  const { language: asked, path } = splitLanguage(url.pathname);
  if (!asked) return next();
  const redirect = (to: string) => c.redirect(redirectTarget(to, url.origin), 301);
  /** What the site settings say of the language: its own, one turned on, or neither. */
  const verdict = async (): Promise<Response | undefined> => {
    const { base, languages } = siteLanguages(c.var.config.site, await settingsDocumentFor(c));
    if (asked === base) return redirect(`${path}${url.search}`);
    if (languages.includes(asked)) return undefined;
    c.set("language", undefined);
    return c.notFound();
  };
  c.set("language", asked);
  // A page is rendered while the settings that decide are read, in the same query as its content
  // (one round trip to Sanity); what it renders is dropped if the language is not the site's. A
  // form's POST is acted on only once the language is known to be the site's.
  const read = c.req.method === "GET" || c.req.method === "HEAD";
  const early = read ? undefined : await verdict();
  if (early) return early;
  await next();
  const late = read ? await verdict() : undefined;
  if (late) {
    await c.res.body?.cancel();
    // Hono copies the old response's headers onto a new one unless the old one is let go first.
    c.res = undefined;
    c.res = late;
    return;
  }
  const location = c.res.headers.get("Location");
  if (c.res.status < 300 || c.res.status >= 400 || !location) return;
  const { base } = siteLanguages(c.var.config.site, await settingsDocumentFor(c));
  const target = new URL(location, url);
  if (target.origin !== url.origin) return;
  const localized = inLanguage(`${target.pathname}${target.search}${target.hash}`, asked, base);
  const headers = new Headers(c.res.headers);
  headers.set("Location", new URL(localized, url.origin).href);
  const localizedResponse = new Response(c.res.body, { status: c.res.status, headers });
  // Hono copies the old response's headers onto a new one (its old Location among them) unless
  // the old one is let go first.
  c.res = undefined;
  c.res = localizedResponse;
};
