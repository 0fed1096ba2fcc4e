import { isSlug } from "../../shared/slug.ts";
import { TAGS } from "../content/cache-tags.ts";
import type { PurgeRequest } from "../content/purge.ts";

/** What Sanity's webhook says about a changed document (its projection; see docs/publishing.md). */
interface Change {
  _id?: unknown;
  _type?: unknown;
  slug?: unknown;
  /** The slug before the change, when the projection asks for it: the old address must go too. */
  previousSlug?: unknown;
}

const slugOf = (value: unknown): string | undefined => {
  const slug =
    typeof value === "object" && value !== null ? (value as { current?: unknown }).current : value;
  return typeof slug === "string" && isSlug(slug) ? slug : undefined;
};

const EVERYTHING: PurgeRequest = { everything: true };

/**
 * The client gallery a change is about (its document `clientGallery.{id}`), or undefined. No
 * visitor's page shows a gallery: its change purges nothing, but its access state is read
 * again at once (a new password or the gallery turned off must end every session now).
 */
export function clientGalleryOf(change: unknown): string | undefined {
  if (typeof change !== "object" || change === null) return undefined;
  const { _id } = change as Change;
  const match = typeof _id === "string" ? /^clientGallery\.([a-z2-7]{26})$/.exec(_id) : null;
  return match?.[1];
}

/**
 * What shows every photograph and every document's text: a page or post may add, drop or move
 * a photograph, which changes the collection pages (all photographs, its tags', its camera's
 * and lens's pages, the sitemap) and any search result.
 */
const COLLECTIONS = [TAGS.photos, TAGS.search];

/**
 * The purge a published change needs: null for a change no visitor can see (a draft, an
 * inquiry from the contact form, which the site never shows), the
 * document's tags when they are known, and everything for what cannot be mapped (an image's
 * texts may show on any page; an unknown type or a payload without an id). A media tag (its
 * name, or a new one) changes the slideshow, the photo pages that show tags, the collection
 * pages and search.
 */
export function purgeFor(change: unknown): PurgeRequest | null {
  if (typeof change !== "object" || change === null) return EVERYTHING;
  const { _id, _type, slug, previousSlug } = change as Change;
  if (typeof _id !== "string") return EVERYTHING;
  if (_id.startsWith("drafts.") || _id.startsWith("versions.")) return null;
  if (_type === "inquiry" || _id.startsWith("inquiry.")) return null;
  // What the site writes for the owner (store orders, bookings, clients, the insights' summary)
  // is never shown to visitors.
  for (const copy of ["order", "booking", "client", "insights"]) {
    if (_type === copy || _id.startsWith(`${copy}.`)) return null;
  }
  if (clientGalleryOf(change) !== undefined) return null;
  const slugs = [slugOf(slug), slugOf(previousSlug)].filter((value) => value !== undefined);
  switch (_type) {
    case "siteSettings":
      return _id === "siteSettings" ? { tags: [TAGS.settings] } : null;
    case "storeSettings":
      // The store's currency prices the session types too.
      return _id === "storeSettings" ? { tags: [TAGS.store, TAGS.booking] } : null;
    case "bookingSettings":
      return _id === "bookingSettings" ? { tags: [TAGS.booking] } : null;
    case "sessionType":
      return { tags: [TAGS.booking] };
    case "media.tag":
      return { tags: [TAGS.slideshow, TAGS.mediaTags, ...COLLECTIONS] };
    case "post":
      return slugs.length
        ? { tags: [...slugs.map(TAGS.post), TAGS.posts, ...COLLECTIONS] }
        : EVERYTHING;
    case "page":
      return slugs.length
        ? { tags: [...slugs.map(TAGS.page), TAGS.pages, ...COLLECTIONS] }
        : EVERYTHING;
    default:
      return EVERYTHING;
  }
}
