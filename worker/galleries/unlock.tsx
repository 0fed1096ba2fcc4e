/**
 * The gallery's door: the password form (`401` until the right password is given), `POST
 * /g/{id}/unlock` checking it, and the kind pages of a gallery that has expired or is not
 * there. Attempts are limited per visitor and per gallery with the Rate Limiting binding: a
 * wrong guess costs a PBKDF2 derivation here and a try from the limit there.
 */

import type { Context, Handler } from "hono";
import type { ReactNode } from "react";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { siteSettingsFor } from "../request/context.ts";
import { galleryStore, PRIVATE_HEADERS, type Refusal } from "./access.ts";
import { galleryPaths, isGalleryId } from "./ids.ts";
import { passwordMatches } from "./password.ts";
import { sessionCookie } from "./session.ts";
import { hasEnded, isOpen } from "./settings.ts";

/** The limiters' window (wrangler.toml's [[ratelimits]] period): when to try again. */
export const LIMIT_PERIOD_SECONDS = 60;

/** A password longer than this is not one anybody typed: refused before it costs a derivation. */
const MAX_PASSWORD = 200;

const formatDate = (ms: number) =>
  new Date(ms).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

/** Who to ask: the owner, by the e-mail of the site's settings. */
async function owner(c: Context<AppEnv>) {
  const site = await siteSettingsFor(c);
  return { name: site.owner, email: site.email };
}

async function page(
  c: Context<AppEnv>,
  status: 401 | 404 | 410 | 429,
  title: string,
  main: ReactNode,
  headers: Record<string, string> = {},
): Promise<Response> {
  const res = await renderHtml(c, await loadLayout(c, { backdrop: false }), {
    title,
    description: title,
    status,
    main,
  });
  for (const [name, value] of Object.entries({ ...PRIVATE_HEADERS, ...headers })) {
    res.headers.set(name, value);
  }
  return res;
}

function UnlockForm(props: { id: string; title: string; error?: string }) {
  return (
    <section className="panel gallery-door" aria-labelledby="gallery-door-title">
      <h1 id="gallery-door-title">{props.title}</h1>
      <p>These photographs are private. Please enter the password you were given with the link.</p>
      <form method="post" action={galleryPaths.unlock(props.id)} className="gallery-door-form">
        <label htmlFor="gallery-password">Password</label>
        <input
          id="gallery-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={MAX_PASSWORD}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? "gallery-password-error" : undefined}
        />
        {props.error && (
          <p id="gallery-password-error" role="alert" className="form-error">
            {props.error}
          </p>
        )}
        <button type="submit" className="button">
          Open the gallery
        </button>
      </form>
    </section>
  );
}

/** What a refused request for the gallery's page gets: the form, or a kind page. */
export async function refusalPage(c: Context<AppEnv>, refusal: Refusal): Promise<Response> {
  const id = c.req.param("gallery") ?? "";
  if (refusal.status === 401) {
    return page(
      c,
      401,
      refusal.settings.title,
      <UnlockForm id={id} title={refusal.settings.title} />,
    );
  }
  const who = await owner(c);
  const ask = (
    <p>
      Please ask {who.name}
      {who.email && (
        <>
          {" "}
          at <a href={`mailto:${who.email}`}>{who.email}</a>
        </>
      )}{" "}
      for a new link.
    </p>
  );
  if (refusal.status === 410) {
    const ended = refusal.settings.expiresAt;
    return page(
      c,
      410,
      "This gallery has ended",
      <section className="panel gallery-door">
        <h1>This gallery has ended</h1>
        <p>
          {refusal.settings.title} was open until {ended ? formatDate(ended) : "recently"}.
        </p>
        {ask}
      </section>,
    );
  }
  return page(
    c,
    404,
    "Gallery not found",
    <section className="panel gallery-door">
      <h1>Gallery not found</h1>
      <p>There is no gallery at this address, or it has been closed.</p>
      {ask}
    </section>,
  );
}

/**
 * `POST /g/{id}/unlock`: the password. Right: `303` to the gallery with its session cookie.
 * Wrong: `401` and the form again. Too many tries from this visitor or on this gallery: `429`
 * with `Retry-After`.
 */
export const unlock: Handler<AppEnv> = async (c) => {
  const id = c.req.param("gallery") ?? "";
  if (!isGalleryId(id)) return refusalPage(c, { status: 404, reason: "unknown" });
  const visitor = c.req.header("CF-Connecting-IP") ?? "unknown";
  const [byVisitor, byGallery] = await Promise.all([
    c.env.GALLERY_VISITOR_LIMIT.limit({ key: visitor }),
    c.env.GALLERY_LIMIT.limit({ key: id }),
  ]);
  const store = galleryStore(c.env, id);
  const state = await store.state(id);
  const { settings } = state;
  if (!isOpen(settings)) {
    return refusalPage(c, { status: 404, reason: "unknown" });
  }
  if (hasEnded(settings)) {
    return refusalPage(c, { status: 410, reason: "expired", settings });
  }
  if (!byVisitor.success || !byGallery.success) {
    return page(
      c,
      429,
      settings.title,
      <UnlockForm
        id={id}
        title={settings.title}
        error={`Too many tries. Please wait a minute (${LIMIT_PERIOD_SECONDS} seconds) and try again.`}
      />,
      { "Retry-After": String(LIMIT_PERIOD_SECONDS) },
    );
  }
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const password = typeof form.password === "string" ? form.password : "";
  const right =
    settings.password === undefined ||
    (password.length > 0 &&
      password.length <= MAX_PASSWORD &&
      (await passwordMatches(password, settings.password)));
  if (!right) {
    return page(
      c,
      401,
      settings.title,
      <UnlockForm
        id={id}
        title={settings.title}
        error="That is not the password. Please try again."
      />,
    );
  }
  return c.body(null, 303, {
    ...PRIVATE_HEADERS,
    Location: galleryPaths.root(id),
    "Set-Cookie": await sessionCookie(
      c.var.config.sanityToken,
      id,
      state.fingerprint,
      settings.expiresAt,
    ),
  });
};
