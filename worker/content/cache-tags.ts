/**
 * Cache tags name what a page was built from, so a publish purges exactly the pages that show
 * the change. The content source tags every read with these; the publish webhook maps a
 * changed document to the same tags (publishing/purge-plan.ts). Tags are printable ASCII:
 * slugs are checked before use.
 */
export const TAGS = {
  settings: "settings",
  slideshow: "slideshow",
  posts: "posts",
  pages: "pages",
  /** The collection of every photograph: /photos, tags, cameras, lenses, the sitemap. */
  photos: "photos",
  /** Search results. */
  search: "search",
  /** The names of the media plugin's tags, wherever a photograph's tags are shown. */
  mediaTags: "media-tags",
  /** The store's catalogue (docs/store.md): photo pages' Buy sections, the cart. */
  store: "store",
  /** The owner's hours and session types (docs/booking.md): `/book`. */
  booking: "booking",
  post: (slug: string) => `post:${slug}`,
  page: (slug: string) => `page:${slug}`,
} as const;
