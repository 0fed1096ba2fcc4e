/**
 * Proofing: the client, known by their confirmed e-mail (choosing.ts), marks favourites with a
 * heart and sends the selection with a note. Each works as a plain form (`303` back to where
 * the client was) and, for the gallery's script, as JSON (`Accept: application/json`). A favourite is stored in the gallery's Durable Object before
 * the answer says it is.
 */
import type { Context, Handler } from "hono";
import { wantsJson } from "../lib/request-body.ts";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor } from "../request/context.ts";
import { galleryOf, galleryStore, PRIVATE_HEADERS } from "./access.ts";
import { back, backField, backTo, badBack, formOf } from "./forms.ts";
import { SELECTION_EVERY_MS } from "./gallery-store.ts";
import { isPhotoId } from "./ids.ts";

/** Longest note taken. */
const MAX_NOTE = 4000;

/** The notice a plain form's refused heart comes back with, said over that photograph. */
const at = (notice: string, photo: string | undefined) =>
  photo ? `${notice}&at=${photo}` : notice;

/** The answer to a favourite or a selection before the client has confirmed their e-mail. */
const nameFirst = async (
  c: Context<AppEnv>,
  id: string,
  way: string | undefined,
  photo?: string,
) =>
  wantsJson(c.req.raw)
    ? c.json(
        { error: (await i18nFor(c)).t("gallery.error.nameFirst"), needsClient: true },
        409,
        PRIVATE_HEADERS,
      )
    : back(c, backTo(id, way, at("client=needed", photo)));

/** `POST /g/{id}/favourites`: `photo={id}&favourite=true|false`. */
export const setFavourite: Handler<AppEnv> = async (c) => {
  const { id, client, settings } = galleryOf(c);
  const form = formOf(c);
  const way = backField(id, form);
  if (way === "bad") return badBack(c);
  const photo = form.photo;
  if (!isPhotoId(photo) || (form.favourite !== "true" && form.favourite !== "false")) {
    return wantsJson(c.req.raw)
      ? c.json({ error: (await i18nFor(c)).t("gallery.error.favourite") }, 400, PRIVATE_HEADERS)
      : c.text("400 Bad Request: send photo and favourite=true or false\n", 400, PRIVATE_HEADERS);
  }
  if (!client) return nameFirst(c, id, way, photo);
  const result = await galleryStore(c.env, id).setFavourite(id, {
    client: client,
    label: client,
    photo,
    favourite: form.favourite === "true",
  });
  const limit = settings.favouritesLimit;
  if (wantsJson(c.req.raw)) {
    if (!result.saved) {
      const { t } = await i18nFor(c);
      const error =
        result.reason === "limit"
          ? t("gallery.error.limit", { limit: limit ?? 0 })
          : t("gallery.error.noPhoto");
      return c.json(
        { error, count: result.count, limit },
        result.reason === "limit" ? 409 : 404,
        PRIVATE_HEADERS,
      );
    }
    return c.json(
      { saved: true, favourite: form.favourite === "true", count: result.count, limit },
      200,
      PRIVATE_HEADERS,
    );
  }
  const notice = !result.saved && result.reason === "limit" ? at("limit=reached", photo) : "";
  return back(c, backTo(id, way, notice));
};

/** `POST /g/{id}/favourites/send`: the selection goes to the owner, with a note. */
export const sendSelection: Handler<AppEnv> = async (c) => {
  const { id, client } = galleryOf(c);
  const form = formOf(c);
  const way = backField(id, form);
  if (way === "bad") return badBack(c);
  if (!client) return nameFirst(c, id, way);
  const note = (form.note ?? "").trim().slice(0, MAX_NOTE);
  const store = galleryStore(c.env, id);
  const sent = await store.sendSelection(id, client, client, note, new URL(c.req.url).origin);
  if (!wantsJson(c.req.raw)) return back(c, backTo(id, way, sent ? "sent=1" : "sent=wait"));
  if (sent) return c.json({ sent: true }, 200, PRIVATE_HEADERS);
  const error = (await i18nFor(c)).t("gallery.notice.sentWait");
  return c.json({ error }, 429, {
    ...PRIVATE_HEADERS,
    "Retry-After": String(SELECTION_EVERY_MS / 1000),
  });
};
