import { type Context, Hono, type MiddlewareHandler } from "hono";
import { csrf } from "hono/csrf";
import { parseRegion } from "../lib/images.ts";
import type { AppEnv } from "../request/app-env.ts";
import { zoomRefused } from "../request/zoom-limit.ts";
import {
  CHECKED_BY_PASS,
  galleryOf,
  galleryStore,
  guard,
  PRIVATE_HEADERS,
  refuseFile,
} from "./access.ts";
import { confirmClient, sendClientLink } from "./choosing.ts";
import { downloadPhoto, downloadZip } from "./downloads.ts";
import { sendSelection, setFavourite } from "./favourites.ts";
import { formBody } from "./forms.ts";
import type { GalleryPhoto } from "./gallery-store.ts";
import { isGalleryId, isPhotoId, photoKey } from "./ids.ts";
import {
  GRID_SIZES,
  isSize,
  largestWhole,
  originalResponse,
  region,
  sizeAllowed,
  stagedSize,
} from "./images.ts";
import { galleryPage, galleryPhotoPage } from "./pages.tsx";
import { passOf } from "./session.ts";
import { downloadsNow, hasEnded, isOpen, type Stage } from "./settings.ts";
import { refusalPage, unlock } from "./unlock.tsx";
import {
  markedUpload,
  originalForOwner,
  originalUpload,
  photoUpload,
  proofingInfo,
} from "./upload.ts";

export { galleryFollowUps } from "./follow-ups.ts";
export { ClientGallery } from "./gallery-store.ts";
export { galleryDocumentId, galleryPaths } from "./ids.ts";

/**
 * How many photographs a gallery shows its client: none while it is off, ended or unknown, when
 * its link leads nowhere (booking's life asks before it sends the link).
 */
export async function galleryPhotoCount(env: Env, id: string): Promise<number> {
  const { settings, photos } = await galleryStore(env, id).state(id, { photos: true });
  return isOpen(settings) && !hasEnded(settings) ? photos.length : 0;
}
export { galleryPrints } from "./prints.ts";

/**
 * Client galleries (docs/galleries.md): a private gallery per shoot at `/g/{id}`, whose every
 * byte passes the access check (access.ts), with favourites, downloads and the owner's upload.
 * Mounted before the pages: `GET /g/{id}` is 401 and the password form, then the gallery once
 * unlocked.
 */
export const galleries = new Hono<AppEnv>();

const page = guard({ photos: true, refuse: refusalPage });
const file = guard({ refuse: refuseFile });
const everyPhoto = guard({ photos: true, refuse: refuseFile });

// The gallery's forms post only from its own pages. Hono's csrf answers a bare 403 otherwise,
// which is right here: no visitor's typing is lost (unlike the contact form's message).
galleries.use("/g/:gallery/*", csrf());
// Every form's body is read (at most the contact form's limit) before the access check.
galleries.use("/g/:gallery/*", formBody);

galleries.get("/g/:gallery", page, galleryPage);
galleries.post("/g/:gallery/unlock", unlock);
galleries.get("/g/:gallery/p/:photo", page, galleryPhotoPage);

/** The gallery and photograph of a request for one photograph's file (the guard found both). */
function galleryOfFile(c: Parameters<typeof galleryOf>[0]) {
  const access = galleryOf(c);
  const { photo } = access;
  if (!photo) throw new Error("A photograph's route without its photograph");
  return { ...access, photo: photo as GalleryPhoto };
}

/** The answer to a file larger than the owner lets the client have whole. */
const tooLarge = (c: Parameters<typeof refuseFile>[0]) =>
  c.text(
    "403 Forbidden: the photographer offers this photograph no larger here\n",
    403,
    PRIVATE_HEADERS,
  );

galleries.get("/g/:gallery/photo/:photo/original", file, async (c) => {
  const { id, photo, settings } = galleryOfFile(c);
  // Never while proofing: downloadsNow() is at most the marked web size then.
  if (downloadsNow(settings) !== "original") return tooLarge(c);
  return (
    (await originalResponse(c, id, photo)) ?? refuseFile(c, { status: 404, reason: "unknown" })
  );
});
/**
 * A size's address names the stage it was rendered for (`?v=proofing|delivered`), so the
 * browser keeps a proof and a clean copy under different addresses and never shows one for the
 * other across a switch; an address asked in the other stage is answered as the stage is now,
 * kept by nobody.
 */
function keptForItsStage(c: Context<AppEnv>, res: Response, stage: Stage) {
  if (c.req.query("v") !== stage) res.headers.set("Cache-Control", "private, no-store");
}

/**
 * A grid size asked with a genuine, unexpired grid pass (given with the page, after the whole
 * check, for PASS_SECONDS) is answered without asking the gallery's Durable Object: a grid of
 * 100 thumbnails costs it no call at all. Anything else goes on to the check.
 */
const gridPass: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = c.req.param("gallery");
  const photo = c.req.param("photo");
  const [width, format] = (c.req.param("size") ?? "").split(".") as [string, "webp" | "jpg"];
  const size = Number(width);
  if (!isGalleryId(id) || !isPhotoId(photo) || !GRID_SIZES.includes(size) || !isSize(size)) {
    return next();
  }
  const stage = await passOf(c, c.var.config.sanityToken, id);
  if (stage !== "proofing" && stage !== "delivered") return next();
  // A clean size made before stays in the Cache API for a month: answered only while the
  // photograph is still in the gallery (its original in R2), so a removal holds at once.
  if (stage === "delivered" && !(await c.env.GALLERY_PHOTOS.head(photoKey(id, photo)))) {
    return next();
  }
  const res = await stagedSize(c, id, { id: photo }, size, format, stage);
  if (!res) return refuseFile(c, { status: 404, reason: "unknown" });
  res.headers.set("Server-Timing", CHECKED_BY_PASS);
  keptForItsStage(c, res, stage);
  res.headers.set("X-Robots-Tag", PRIVATE_HEADERS["X-Robots-Tag"]);
  return res;
};

galleries.get(
  // One address per size: no leading zero (0480.webp is not 480.webp).
  "/g/:gallery/photo/:photo/:size{[1-9][0-9]*\\.(?:webp|jpg)}",
  gridPass,
  file,
  async (c) => {
    const [width, format] = c.req.param("size").split(".") as [string, "webp" | "jpg"];
    const size = Number(width);
    if (!isSize(size)) return refuseFile(c, { status: 404, reason: "unknown" });
    const { id, photo, settings } = galleryOfFile(c);
    if (!sizeAllowed(downloadsNow(settings), size)) return tooLarge(c);
    const res = await stagedSize(c, id, photo, size, format, settings.stage);
    if (!res) return refuseFile(c, { status: 404, reason: "unknown" });
    keptForItsStage(c, res, settings.stage);
    return res;
  },
);
galleries.get("/g/:gallery/photo/:photo/region", file, async (c) => {
  const { id, photo, settings } = galleryOfFile(c);
  // A proof zooms no further than its largest watermarked size (its page offers no region).
  if (settings.stage === "proofing") return tooLarge(c);
  const wanted = parseRegion(
    c.req.query("rect"),
    c.req.query("w"),
    [0, 0, photo.width, photo.height],
    largestWhole(downloadsNow(settings)),
  );
  if (!wanted) {
    return c.text(
      "400 Bad Request: ask for rect=left,top,width,height inside the photograph, and w\n",
      400,
      PRIVATE_HEADERS,
    );
  }
  const refused = await zoomRefused(c, PRIVATE_HEADERS);
  if (refused) return refused;
  return (await region(c, id, photo, wanted)) ?? refuseFile(c, { status: 404, reason: "unknown" });
});
// The cover, the one photograph the door shows before the password (the owner's choice).
galleries.get(
  "/g/:gallery/cover/:size{(?:640|960|1600)\\.webp}",
  guard({ door: true, refuse: refuseFile }),
  async (c) => {
    const { id, state, settings } = galleryOf(c);
    const size = Number(c.req.param("size").split(".")[0]);
    const res =
      state.cover && isSize(size)
        ? await stagedSize(c, id, state.cover, size, "webp", settings.stage)
        : undefined;
    if (!res) return refuseFile(c, { status: 404, reason: "unknown" });
    keptForItsStage(c, res, settings.stage);
    return res;
  },
);
galleries.get("/g/:gallery/download/:photo", file, downloadPhoto);
galleries.get("/g/:gallery/download", everyPhoto, downloadZip);

galleries.post("/g/:gallery/client", file, sendClientLink);
galleries.get("/g/:gallery/client/confirm", confirmClient);
galleries.post("/g/:gallery/favourites", file, setFavourite);
galleries.post("/g/:gallery/favourites/send", file, sendSelection);

galleries.get("/_app/galleries/:gallery/photos/:photo", photoUpload);
galleries.put("/_app/galleries/:gallery/photos/:photo", photoUpload);
galleries.delete("/_app/galleries/:gallery/photos/:photo", photoUpload);
galleries.get("/_app/galleries/:gallery/photos/:photo/original", originalForOwner);
galleries.get("/_app/galleries/:gallery/photos/:photo/marked/:file", markedUpload);
galleries.put("/_app/galleries/:gallery/photos/:photo/marked/:file", markedUpload);
galleries.get("/_app/galleries/:gallery/proofing", proofingInfo);
// Public photographs' originals go to their private bucket by the same signed protocol.
galleries.get("/_app/originals/:asset", originalUpload);
galleries.put("/_app/originals/:asset", originalUpload);
