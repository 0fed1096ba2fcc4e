/**
 * What the store needs of client galleries to sell prints of a client's photographs
 * (docs/store.md), and nothing more. The galleries feature provides it (galleries/prints.ts) and
 * the entry hands it to the store (app.ts, index.ts): features do not import each other, and
 * every gallery rule (ids, sessions, expiry, the bucket) stays the galleries' own.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Pixels } from "../../shared/print-resolution.ts";
import type { GalleryPriceList } from "../content/catalogue.ts";
import type { AppEnv } from "./app-env.ts";

/** A client gallery's photograph whose gallery sells prints of it now. */
export interface GalleryPhotoForSale {
  gallery: string;
  galleryTitle: string;
  /** The gallery's document in the Studio (an order's copy refers to it). */
  galleryDocument: string;
  photo: string;
  /** Its file name, as the gallery shows it. */
  name: string;
  /** Its page in the gallery (only a session of the gallery opens it). */
  path: string;
  /** The original's pixels (a gallery's photographs have no crop). */
  pixels: Pixels;
  prices: GalleryPriceList;
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
   * open, has not ended, sells prints and has it; throws when the gallery's settings cannot be
   * read now (nothing is decided on a guess).
   */
  find(env: Env, gallery: string, photo: string): Promise<GalleryPhotoForSale | undefined>;
  /** The original (never a watermarked proof), for the lab's print file. */
  original(env: Env, gallery: string, photo: string): Promise<GalleryOriginal | undefined>;
}

/** Where a client's Buy form posts: under the gallery's path, which its session cookie is for. */
export const GALLERY_BUY_ROUTE = "/g/:gallery/p/:photo/buy";
export const galleryBuyPath = (gallery: string, photo: string) => `/g/${gallery}/p/${photo}/buy`;

/** How carts and orders name a gallery's photograph: `gallery/{gallery}/{photo}`. */
export const galleryPhotoRef = (gallery: string, photo: string) => `gallery/${gallery}/${photo}`;

/** The parts of a gallery photograph's name (its shape only: `find` says whether it is one). */
export function parseGalleryPhotoRef(ref: string): { gallery: string; photo: string } | undefined {
  const match = /^gallery\/([a-z0-9]{1,64})\/([a-z0-9]{1,64})$/.exec(ref);
  return match?.[1] && match[2] ? { gallery: match[1], photo: match[2] } : undefined;
}
