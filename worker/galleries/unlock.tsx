/**
 * The gallery's door: the password form (`401` until the right password is given), `POST
 * /g/{id}/unlock` checking it, and the kind pages of a gallery that has expired or is not
 * there. Tries are limited so that guessing stays slow and a flood of wrong guesses never
 * locks the client out (docs/galleries.md, "The password's limits"):
 *
 * - every try, right or wrong, is counted against its visitor's own limit before the password
 *   is derived (GALLERY_VISITOR_LIMIT, 10 a minute per address): the derivation's cost is paid
 *   from the visitor's limit, never from the gallery's;
 * - only wrong passwords are counted for the gallery, in its Durable Object, each counted before
 *   it is derived (a right one gives its count back), so tries arriving at once cannot all find
 *   the door open: after 30 in a minute, a device never let into the gallery gets `429` before
 *   its password is looked at (so guessing from rotating addresses stays at 30 a minute, and
 *   learns nothing), while a device let in before (a signed cookie its right password gave
 *   it) is still checked, on a limit of its own (GALLERY_LIMIT, 30 a minute per device).
 */

import type { Context, Handler } from "hono";
import type { ReactNode } from "react";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor, siteSettingsFor } from "../request/context.ts";
import { LIMIT_PERIOD_SECONDS, LIMIT_WAIT, visitorKey } from "../request/visitor-key.ts";
import { useI18n } from "../views/i18n.tsx";
import {
  galleryStore,
  PRIVATE_HEADERS,
  type Refusal,
  UNAVAILABLE_RETRY_SECONDS,
} from "./access.ts";
import { formOf } from "./forms.ts";
import { GalleryCover } from "./GalleryCover.tsx";
import type { GalleryPhoto } from "./gallery-store.ts";
import { galleryPaths, isGalleryId } from "./ids.ts";
import { passwordMatches } from "./password.ts";
import { deviceCookie, deviceOf, sessionCookie } from "./session.ts";
import { hasEnded, isOpen, type Stage } from "./settings.ts";

/** A password longer than this is not one anybody typed: refused before it costs a derivation. */
const MAX_PASSWORD = 200;

/** Who to ask: the owner, by the e-mail of the site's settings. */
async function owner(c: Context<AppEnv>) {
  const site = await siteSettingsFor(c);
  return { name: site.owner, email: site.email };
}

async function page(
  c: Context<AppEnv>,
  status: 401 | 404 | 410 | 429 | 503,
  title: string,
  main: ReactNode,
  headers: Record<string, string> = {},
): Promise<Response> {
  const res = await renderHtml(c, await loadLayout(c, { backdrop: false }), {
    title,
    description: title,
    status,
    main,
    // A gallery that is not there leaves the visitor on the public site; any other is a client's.
    client: status !== 404,
  });
  for (const [name, value] of Object.entries({ ...PRIVATE_HEADERS, ...headers })) {
    res.headers.set(name, value);
  }
  return res;
}

/** Where a message names the owner's e-mail: the address becomes a link there. */
const EMAIL_MARK = "\u0000";

/** A sentence with the owner's e-mail address in it, the address a `mailto:` link. */
function MailLink({ text, email }: { text: string; email: string }) {
  const [before, after] = text.split(EMAIL_MARK);
  return (
    <>
      {before}
      <a href={`mailto:${email}`}>{email}</a>
      {after}
    </>
  );
}

function UnlockForm(props: {
  id: string;
  title: string;
  cover: { photo: GalleryPhoto | undefined; stage: Stage };
  error?: "wrong" | "tooMany";
}) {
  const { t } = useI18n();
  return (
    <section className="panel gallery-door" aria-labelledby="gallery-door-title">
      <GalleryCover id={props.id} cover={props.cover.photo} stage={props.cover.stage} />
      <div className="gallery-door-body">
        <h1 id="gallery-door-title">{props.title}</h1>
        <p>{t("gallery.door.private")}</p>
        <form method="post" action={galleryPaths.unlock(props.id)} className="gallery-door-form">
          <label htmlFor="gallery-password">{t("gallery.door.password")}</label>
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
              {props.error === "wrong"
                ? t("gallery.door.wrong")
                : t("gallery.door.tooMany", { when: LIMIT_WAIT })}
            </p>
          )}
          <button type="submit" className="button">
            {t("gallery.door.open")}
          </button>
        </form>
      </div>
    </section>
  );
}

/** What a refused request for the gallery's page gets: the form, or a kind page. */
export async function refusalPage(c: Context<AppEnv>, refusal: Refusal): Promise<Response> {
  const id = c.req.param("gallery") ?? "";
  const i18n = await i18nFor(c);
  const { t } = i18n;
  if (refusal.status === 503) {
    return page(
      c,
      503,
      t("gallery.resting.title"),
      <section className="panel gallery-door">
        <h1>{t("gallery.resting.heading")}</h1>
        <p>{t("gallery.resting.text")}</p>
      </section>,
      { "Retry-After": String(UNAVAILABLE_RETRY_SECONDS) },
    );
  }
  const title = (refusal.status === 401 || refusal.status === 410) && refusal.settings.title;
  const named = title || t("gallery.untitled");
  if (refusal.status === 401) {
    const cover = { photo: refusal.cover, stage: refusal.settings.stage };
    return page(c, 401, named, <UnlockForm id={id} title={named} cover={cover} />);
  }
  const who = await owner(c);
  const ask = (
    <p>
      {who.email ? (
        <MailLink
          text={t("gallery.askEmail", { owner: who.name, email: EMAIL_MARK })}
          email={who.email}
        />
      ) : (
        t("gallery.ask", { owner: who.name })
      )}
    </p>
  );
  if (refusal.status === 410) {
    const ended = refusal.settings.expiresAt;
    return page(
      c,
      410,
      t("gallery.ended.title"),
      <section className="panel gallery-door">
        <h1>{t("gallery.ended.title")}</h1>
        <p>
          {ended
            ? t("gallery.ended.text", { gallery: named, date: i18n.date(ended, i18n.timeZone) })
            : t("gallery.ended.recently", { gallery: named })}
        </p>
        {ask}
      </section>,
    );
  }
  return page(
    c,
    404,
    t("gallery.missing.title"),
    <section className="panel gallery-door">
      <h1>{t("gallery.missing.title")}</h1>
      <p>{t("gallery.missing.text")}</p>
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
  const token = c.var.config.sanityToken;
  const store = galleryStore(c.env, id);
  const state = await store.state(id, { visitor: visitorKey(c), cover: true });
  // A device of an older password is none: only who knew the current one passes the door.
  const device = await deviceOf(c, token, id, state.fingerprint);
  const { settings } = state;
  if (state.unavailable) return refusalPage(c, { status: 503, reason: "unavailable" });
  if (!isOpen(settings)) {
    return refusalPage(c, { status: 404, reason: "unknown" });
  }
  if (hasEnded(settings)) {
    return refusalPage(c, { status: 410, reason: "expired", settings });
  }
  const title = settings.title || (await i18nFor(c)).t("gallery.untitled");
  const cover = { photo: state.cover, stage: settings.stage };
  const tooMany = () =>
    page(c, 429, title, <UnlockForm id={id} title={title} cover={cover} error="tooMany" />, {
      "Retry-After": String(LIMIT_PERIOD_SECONDS),
    });
  // The derivation's cost, from the visitor's own limits (and a known device's own).
  const limits = [c.env.GALLERY_VISITOR_LIMIT.limit({ key: visitorKey(c) })];
  if (device) limits.push(c.env.GALLERY_LIMIT.limit({ key: `${id}:${device}` }));
  if (!(await Promise.all(limits)).every((outcome) => outcome.success)) return tooMany();
  if (settings.password) {
    // Counted for the gallery before it is derived: a wrong guess's flood shuts the door to
    // devices never let in, however many tries arrive at once.
    const at = await store.tryDoor(id, device !== undefined);
    if (at === undefined) return tooMany();
    const password = formOf(c).password ?? "";
    const right =
      password.length > 0 &&
      password.length <= MAX_PASSWORD &&
      (await passwordMatches(password, settings.password));
    if (!right) {
      return page(c, 401, title, <UnlockForm id={id} title={title} cover={cover} error="wrong" />);
    }
    await store.rightTry(id, at);
  }
  const headers = new Headers({ ...PRIVATE_HEADERS, Location: galleryPaths.root(id) });
  headers.append("Set-Cookie", await sessionCookie(token, id, state.fingerprint));
  if (!device) headers.append("Set-Cookie", await deviceCookie(token, id, state.fingerprint));
  return new Response(null, { status: 303, headers });
};
