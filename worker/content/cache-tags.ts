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
  post: (slug: string) => `post:${slug}`,
  page: (slug: string) => `page:${slug}`,
} as const;
