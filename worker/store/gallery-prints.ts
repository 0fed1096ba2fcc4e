/**
 * What the store needs of client galleries to sell prints of a client's photographs
 * (docs/store.md), and nothing more. The galleries implement it (galleries/prints.ts) and the
 * entry hands it to the store (app.ts, index.ts): the galleries import the store (its catalogue,
 * its Buy section), so the store cannot import them back, and every gallery rule (ids, sessions,
 * expiry, the bucket) stays the galleries' own.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Pixels } from "../../shared/print-resolution.ts";
import type { AppEnv } from "../request/app-env.ts";
import type { GalleryPriceList } from "./catalogue.ts";

/** A client gallery's photograph whose gallery sells prints of it now. */
export interface GalleryPhotoForSale {
  gallery: string;
  galleryTitle: string;
  /** The gallery's document in the Studio (an order's copy refers to it). */
  galleryDocument: string;
  photo: string;
  /** Its file name (the owner's: the order's copy names it for Lightroom). */
  name: string;
  /** Its place in the gallery's order, 1 for the first: the client knows it as "Photograph 3". */
  position: number;
  /** Its page in the gallery (only a session of the gallery opens it). */
  path: string;
  /** Its smallest size, as the gallery's stage shows it (only a session of the gallery opens it). */
  thumbnail: string;
  /** The original's pixels (a gallery's photographs have no crop). */
  pixels: Pixels;
  prices: GalleryPriceList;
  /**
   * The password its sessions are given for now (a fingerprint, as a session names it): kept
   * with the cart's line, so a new password ends what the old sessions put in carts too.
   */
  access: string;
}

/** The original file of a gallery's photograph: what the lab prints. */
export interface GalleryOriginal {
  body: ReadableStream;
  type: string;
  size: number;
}

export interface GalleryPrints {
  /**
   * In front of a client's form about one of the gallery's photographs
   * (`/g/:gallery/p/:photo/…`): the gallery's own access check, session included, with its own
   * refusal pages. (The gallery's middleware before it has checked the form's origin and read
   * it within its limit.)
   */
  guard: MiddlewareHandler<AppEnv>;
  /** After `guard`: the form's fields, and the photograph unless its gallery sells no prints. */
  clientPhoto(c: Context<AppEnv>): {
    form: Record<string, string>;
    photo: GalleryPhotoForSale | undefined;
  };
  /**
   * Without a session (the cart, checkout, the paid order): the photograph while its gallery is
   * open, has not ended, sells prints, has it and still has the password `access` names; throws
   * when the gallery's settings cannot be read now (nothing is decided on a guess).
   */
  find(env: Env, ref: GalleryPhotoRef): Promise<GalleryPhotoForSale | undefined>;
  /** The original (never a watermarked proof), for the lab's print file. */
  original(env: Env, gallery: string, photo: string): Promise<GalleryOriginal | undefined>;
}

/** Where a client's Buy form posts: under the gallery's path, which its session cookie is for. */
export const GALLERY_BUY_ROUTE = "/g/:gallery/p/:photo/buy";
export const galleryBuyPath = (gallery: string, photo: string) => `/g/${gallery}/p/${photo}/buy`;

/** A gallery's photograph as carts and orders name it. */
export interface GalleryPhotoRef {
  gallery: string;
  photo: string;
  /**
   * What the session that chose it was given for (the gallery's fingerprint): the password's,
   * and `~{n}` once the gallery has been turned off n times.
   */
  access: string;
}

/** How carts and orders name a gallery's photograph: `gallery/{gallery}/{photo}/{access}`. */
export const galleryPhotoRef = ({ gallery, photo, access }: GalleryPhotoRef) =>
  `gallery/${gallery}/${photo}/${access}`;

/** The public photographs of `refs` (a gallery's name carries its access key: never counted). */
export const publicPhotos = (refs: string[]) => [
  ...new Set(refs.filter((ref) => !ref.startsWith("gallery/"))),
];

/** The parts of a gallery photograph's name (its shape only: `find` says whether it is one). */
export function parseGalleryPhotoRef(ref: string): GalleryPhotoRef | undefined {
  const [, gallery, photo, access] =
    /^gallery\/([a-z0-9]{1,64})\/([a-z0-9]{1,64})\/([a-z0-9]{1,64}(?:~[0-9]{1,9})?)$/.exec(ref) ??
    [];
  return gallery && photo && access ? { gallery, photo, access } : undefined;
}
