/**
 * Prints of a client's photographs (docs/store.md, "Prints from a client gallery"): what the
 * galleries lend the store, through the entry (worker/store/gallery-prints.ts). Every answer
 * comes from the gallery's own check: a client's form passes the same guard as every page of
 * the gallery, and without a session (the cart, checkout, a paid order) a photograph is sold
 * only while its gallery is on, has not ended, sells prints, has it and still has the password
 * the client's session was given for. The lab gets the original from the bucket, never a
 * watermarked proof.
 */

import type { Context } from "hono";
import { wantsJson } from "../lib/request-body.ts";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor } from "../request/context.ts";
import type { GalleryPhotoForSale, GalleryPrints } from "../store/index.ts";
import {
  galleryOf,
  galleryStore,
  guard,
  PRIVATE_HEADERS,
  type Refusal,
  UNAVAILABLE_RETRY_SECONDS,
} from "./access.ts";
import { formOf } from "./forms.ts";
import type { PlacedGalleryPhoto } from "./gallery-store.ts";
import { galleryDocumentId, galleryPaths, isGalleryId, isPhotoId } from "./ids.ts";
import { original } from "./images.ts";
import { type GallerySettings, hasEnded, isOpen } from "./settings.ts";
import { refusalPage } from "./unlock.tsx";

/** The photograph as the store sells it, when its gallery sells prints. */
export function photoForSale(
  id: string,
  { settings, fingerprint }: { settings: GallerySettings; fingerprint: string },
  photo: PlacedGalleryPhoto,
): GalleryPhotoForSale | undefined {
  if (!settings.prints) return undefined;
  return {
    gallery: id,
    galleryTitle: settings.title,
    galleryDocument: galleryDocumentId(id),
    photo: photo.id,
    name: photo.name,
    position: photo.position,
    path: galleryPaths.photo(id, photo.id),
    thumbnail: galleryPaths.size(id, photo.id, 480, "webp", settings.stage),
    pixels: { width: photo.width, height: photo.height },
    prices: settings.prints,
    access: fingerprint,
  };
}

/**
 * A refused Buy form: the Buy section's script gets JSON with the gallery's words, as it does
 * for the store's own refusals; a person without the script gets the gallery's page, and so does
 * the script when the session is gone (it sends the plain form, which shows the door).
 */
async function refuseBuy(c: Context<AppEnv>, refusal: Refusal): Promise<Response> {
  if (refusal.status === 401 || !wantsJson(c.req.raw)) return refusalPage(c, refusal);
  const { t } = await i18nFor(c);
  if (refusal.status === 503) {
    return c.json({ error: t("gallery.resting.text") }, 503, {
      ...PRIVATE_HEADERS,
      "Retry-After": String(UNAVAILABLE_RETRY_SECONDS),
    });
  }
  const error = t(refusal.status === 410 ? "gallery.ended.title" : "gallery.error.noPhoto");
  return c.json({ error }, refusal.status, PRIVATE_HEADERS);
}

export const galleryPrints: GalleryPrints = {
  guard: guard({ refuse: refuseBuy }),
  clientPhoto(c) {
    const { id, settings, state, photo } = galleryOf(c);
    const { fingerprint } = state;
    return { form: formOf(c), photo: photo && photoForSale(id, { settings, fingerprint }, photo) };
  },
  async find(env, { gallery, photo, access }) {
    if (!isGalleryId(gallery) || !isPhotoId(photo)) return undefined;
    const state = await galleryStore(env, gallery).state(gallery, { photo });
    if (state.unavailable) throw new Error("The gallery's settings cannot be read now");
    const { settings, fingerprint } = state;
    if (!isOpen(settings) || hasEnded(settings) || !state.photo) return undefined;
    // A new password since the line was added ends it, as it ends the sessions of the old one.
    if (fingerprint !== access) return undefined;
    return photoForSale(gallery, { settings, fingerprint }, state.photo);
  },
  // A paid order's print is owed whatever became of the gallery since: the signed address the
  // lab has is the permission, so the bucket alone answers.
  async original(env, gallery, photo) {
    if (!isGalleryId(gallery) || !isPhotoId(photo)) return undefined;
    const file = await original(env, gallery, { id: photo });
    return file
      ? {
          body: file.body,
          type: file.httpMetadata?.contentType ?? "image/jpeg",
          size: file.size,
        }
      : undefined;
  },
};
