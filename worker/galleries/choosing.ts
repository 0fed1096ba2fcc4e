/**
 * Who is choosing: a client is known by their e-mail, confirmed once by a link sent to it (as
 * Pixieset's favourites lists are per e-mail), so another visitor with the gallery's password
 * can neither read nor change their favourites by typing what they typed.
 *
 * `POST /g/{id}/client` (`email=`) mails the link; the link, `GET /g/{id}/client/confirm`,
 * gives the cookie naming the address (session.ts) on the device that asked for it, and only
 * there: a link forwarded to someone else (a wedding guest's to the couple, say) would otherwise
 * have them choosing under the guest's address, where the guest sees and changes their choice.
 * The link is signed for this gallery and address (lib/signing.ts) and lapses after a day; it
 * opens nothing by itself: where the gallery has a password, it is still asked.
 */
import type { Context, Handler } from "hono";
import { isEmailAddress } from "../../shared/inquiries.ts";
import { mailSender } from "../config/config.ts";
import { errorText, log } from "../lib/log.ts";
import { mailboxOf, oneLine } from "../lib/mail.ts";
import { wantsJson } from "../lib/request-body.ts";
import { derivedKey, fromBase64url, sign, toBase64url, verify } from "../lib/signing.ts";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor } from "../request/context.ts";
import { keyedVisitor, visitorKey } from "../request/visitor-key.ts";
import { galleryOf, galleryStore, PRIVATE_HEADERS } from "./access.ts";
import { planFollowUps } from "./follow-ups.ts";
import { back, backField, backTo, badBack, formOf } from "./forms.ts";
import { galleryPaths, isGalleryId } from "./ids.ts";
import { askedFor, askingCookie, clientCookie, clientOf } from "./session.ts";

/** How long a link confirms its address. */
export const LINK_SECONDS = 24 * 60 * 60;

const PURPOSE = "portfolio client gallery e-mail link";
const signedText = (gallery: string, email: string, until: number) =>
  `${gallery}\n${email}\n${until}`;

/** The link that confirms `email` for `gallery`, on `origin`. */
export async function confirmLink(
  token: string | undefined,
  gallery: string,
  email: string,
  origin: string,
  now = Date.now(),
): Promise<string> {
  const key = await derivedKey(token, PURPOSE);
  if (!key) throw new Error("Client galleries need SANITY_TOKEN");
  const address = clientOf(email);
  const until = Math.floor(now / 1000) + LINK_SECONDS;
  const sig = toBase64url(await sign(key, signedText(gallery, address, until)));
  const query = new URLSearchParams({ email: address, until: String(until), sig });
  return `${origin}${galleryPaths.confirm(gallery)}?${query}`;
}

/** The address a genuine, unexpired link confirms for `gallery`, else undefined. */
export async function confirmedBy(
  token: string | undefined,
  gallery: string,
  query: { email?: string; until?: string; sig?: string },
  now = Date.now(),
): Promise<string | undefined> {
  const key = await derivedKey(token, PURPOSE);
  const signature = fromBase64url(query.sig ?? "");
  const until = Number(query.until);
  const { email = "" } = query;
  if (!key || !signature || !Number.isSafeInteger(until) || until * 1000 <= now) return undefined;
  if (!isEmailAddress(email) || email !== clientOf(email)) return undefined;
  return (await verify(key, signature, signedText(gallery, email, until))) ? email : undefined;
}

/** The answer to the client's form, as a notice on the page it came from or as JSON. */
async function told(
  c: Context<AppEnv>,
  way: string | undefined,
  status: 202 | 422 | 429 | 503,
  notice: "sent" | "missing" | "wait",
  headers: Record<string, string> = {},
) {
  const { id } = galleryOf(c);
  if (!wantsJson(c.req.raw)) return back(c, backTo(id, way, `client=${notice}`), headers);
  const { t } = await i18nFor(c);
  const message = {
    sent: t("gallery.notice.clientSent"),
    missing: t("gallery.notice.clientMissing"),
    wait: t("gallery.notice.clientWait"),
  }[notice];
  return c.json(status === 202 ? { sent: true } : { error: message }, status, {
    ...PRIVATE_HEADERS,
    ...headers,
  });
}

/** `POST /g/{id}/client`: mails the link that confirms the client's e-mail. */
export const sendClientLink: Handler<AppEnv> = async (c) => {
  const { id, settings } = galleryOf(c);
  const form = formOf(c);
  const way = backField(id, form);
  if (way === "bad") return badBack(c);
  const email = clientOf(form.email ?? "");
  if (!isEmailAddress(email)) return told(c, way, 422, "missing");
  const limit = c.env.GALLERY_MAIL_LIMIT;
  const allowed =
    (await limit.limit({ key: `visitor ${visitorKey(c)}` })).success &&
    (await limit.limit({ key: `address ${mailboxOf(email)}` })).success &&
    (await galleryStore(c.env, id).linkMailed(
      id,
      mailboxOf(email),
      (await keyedVisitor(c, "gallery link asker")) ?? "",
    ));
  if (!allowed) return told(c, way, 429, "wait");
  const { config } = c.var;
  const origin = new URL(c.req.url).origin;
  const { t } = await i18nFor(c);
  const gallery = settings.title || t("gallery.untitled");
  const url = await confirmLink(config.sanityToken, id, email, origin);
  try {
    await c.env.CLIENT_MAIL.send({
      from: { name: oneLine(gallery, 80), email: mailSender(config, origin, "galleries") },
      to: email,
      subject: oneLine(t("gallery.link.subject", { gallery }), 150),
      text: t("gallery.link.text", { gallery, url }),
      headers: { "X-Gallery-Id": id },
    });
  } catch (error) {
    log.error("gallery link not sent", { gallery: id, error: errorText(error) });
    return told(c, way, 503, "wait");
  }
  return told(c, way, 202, "sent", {
    "Set-Cookie": await askingCookie(config.sanityToken, id, email, LINK_SECONDS),
  });
};

/** `GET /g/{id}/client/confirm`: the link; the client's cookie, and on to the gallery. */
export const confirmClient: Handler<AppEnv> = async (c) => {
  const id = c.req.param("gallery");
  const token = c.var.config.sanityToken;
  if (!isGalleryId(id)) return c.notFound();
  const email = await confirmedBy(token, id, c.req.query());
  // A lapsed or spoilt link, or one asked for on another device: the gallery's page says so,
  // with its form for a new one.
  if (!email || (await askedFor(c, token, id)) !== email) {
    return back(c, `${galleryPaths.root(id)}?client=expired#gallery-client`);
  }
  // Now the site knows who opened it: their reminders are planned (follow-ups.ts).
  c.executionCtx.waitUntil(planFollowUps(c, id, email));
  return back(c, galleryPaths.root(id), { "Set-Cookie": await clientCookie(token, id, email) });
};
