/**
 * The check in front of every URL of a client gallery (its page, each size of each photograph,
 * the original, every download, the favourites): the gallery exists and is on, it has not
 * expired, and, when it has a password, the request carries a session given for its current
 * password. It guards every byte, not only the page: a thumbnail's address is worth nothing
 * without the cookie. What it learns is one call to the gallery's Durable Object, photograph
 * included (or none, for a grid size asked with a grid pass: index.ts).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../request/app-env.ts";
import { visitorKey } from "../request/visitor-key.ts";
import type { GalleryPhoto, GalleryState, PlacedGalleryPhoto } from "./gallery-store.ts";
import { isGalleryId, isPhotoId } from "./ids.ts";
import { clientEmail, hasSession } from "./session.ts";
import { type GallerySettings, hasEnded, isOpen } from "./settings.ts";

/** What the check established, for the handlers after it. */
export interface GalleryAccess {
  id: string;
  settings: GallerySettings;
  state: GalleryState;
  /** The photograph the address names (`:photo`), when it names one. */
  photo: PlacedGalleryPhoto | undefined;
  /** The client's confirmed e-mail: who they are to the owner, and the key of their favourites. */
  client: string | undefined;
}

// What the galleries' middleware leave on the request's context for the handlers after them,
// typed as Hono's own middleware type theirs (c.var.requestId).
declare module "hono" {
  interface ContextVariableMap {
    /** What the access check established (`guard`). */
    gallery?: GalleryAccess;
    /** The form `formBody` read (forms.ts), its text fields alone. */
    galleryForm?: Record<string, string>;
  }
}

/** The gallery of a request the check let through (only after `guard`). */
export function galleryOf(c: Context<AppEnv>): GalleryAccess {
  const access = c.get("gallery");
  if (!access) throw new Error("galleryOf() before the gallery's access check");
  return access;
}

/**
 * Every answer about a gallery: never in a shared cache, never indexed. (Its address never
 * leaves the site as a referrer either: the site's Referrer-Policy, strict-origin-when-cross-
 * origin, gives other sites the origin alone.)
 */
export const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/** Why a request is refused, with its status. */
export type Refusal =
  | { status: 404; reason: "unknown" }
  | { status: 410; reason: "expired"; settings: GallerySettings }
  | { status: 401; reason: "locked"; settings: GallerySettings; cover: GalleryPhoto | undefined }
  | { status: 503; reason: "unavailable" };

export interface AccessOptions {
  /** The gallery's photographs (the page, the ZIP); a single file needs only its own. */
  photos?: boolean;
  /** What the door shows (the cover): everything is checked but the password. */
  door?: boolean;
  /** How a refusal is answered: a page for people, a bare status for files. */
  refuse: (c: Context<AppEnv>, refusal: Refusal) => Response | Promise<Response>;
}

/** Says, in each answer, how its access was checked: by the gallery's store, or by a grid pass. */
export const CHECKED_BY_STORE = 'gallery-check;desc="store"';
export const CHECKED_BY_PASS = 'gallery-check;desc="pass"';

export const galleryStore = (env: Env, id: string) => env.CLIENT_GALLERY.getByName(id);

/**
 * The gallery middleware for one kind of address.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import type { AppEnv } from "../request/app-env.ts";
 * import { galleryOf, guard, refuseFile } from "./access.ts";
 *
 * const app = new Hono<AppEnv>();
 * app.get("/g/:gallery/photo/:photo/name", guard({ refuse: refuseFile }), (c) =>
 *   c.text(galleryOf(c).photo?.name ?? ""),
 * );
 * // Without the session cookie of a gallery with a password → 401, and nothing of the photograph
 * ```
 */
export function guard(options: AccessOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = c.req.param("gallery");
    const photoId = c.req.param("photo");
    if (!isGalleryId(id) || (photoId !== undefined && !isPhotoId(photoId))) {
      return options.refuse(c, { status: 404, reason: "unknown" });
    }
    const { sanityToken } = c.var.config;
    const client = await clientEmail(c, sanityToken, id);
    const store = galleryStore(c.env, id);
    const state = await store.state(id, {
      visitor: visitorKey(c),
      ...(client ? { client } : {}),
      ...(photoId ? { photo: photoId } : {}),
      photos: options.photos ?? false,
      // The door (a page's refusal) and the gallery's page show it; files never do.
      cover: options.door || options.photos,
    });
    const { settings } = state;
    if (state.unavailable) return options.refuse(c, { status: 503, reason: "unavailable" });
    if (!isOpen(settings)) {
      return options.refuse(c, { status: 404, reason: "unknown" });
    }
    if (hasEnded(settings)) {
      return options.refuse(c, { status: 410, reason: "expired", settings });
    }
    const locked =
      settings.password &&
      !options.door &&
      !(await hasSession(c, sanityToken, id, state.fingerprint));
    if (locked) {
      return options.refuse(c, { status: 401, reason: "locked", settings, cover: state.cover });
    }
    const { photo } = state;
    if (photoId && !photo) return options.refuse(c, { status: 404, reason: "unknown" });
    c.set("gallery", { id, settings, state, photo, client });
    await next();
    // Whatever the handler answered stays private: a photograph may be kept by the browser
    // (private, max-age), anything else not at all.
    const headers = c.res.headers;
    if (!headers.get("Cache-Control")?.startsWith("private")) {
      headers.set("Cache-Control", PRIVATE_HEADERS["Cache-Control"]);
    }
    headers.set("X-Robots-Tag", PRIVATE_HEADERS["X-Robots-Tag"]);
    headers.set("Server-Timing", CHECKED_BY_STORE);
  };
}

/** The bare answer to a refused request for a file: its status, nothing of the gallery. */
export const refuseFile = (c: Context<AppEnv>, refusal: Refusal): Response =>
  c.text(
    {
      401: "401 Unauthorized",
      404: "404 Not Found",
      410: "410 Gone",
      503: "503 Service Unavailable",
    }[refusal.status],
    refusal.status,
    refusal.status === 503
      ? { ...PRIVATE_HEADERS, "Retry-After": String(UNAVAILABLE_RETRY_SECONDS) }
      : PRIVATE_HEADERS,
  );

/** When to ask again after a `503` (the settings could not be read for too long). */
export const UNAVAILABLE_RETRY_SECONDS = 30;

/** Who is asking, for the activity timeline: hashed by the gallery's store, never kept as is. */
export const visitorOf = (c: Context<AppEnv>) => ({
  address: c.req.header("CF-Connecting-IP") ?? "",
  agent: c.req.header("User-Agent") ?? "",
});
