/**
 * `/{slug}` for Sanity pages, but never `/post`, which is only a prefix of posts' addresses.
 * Shared by the pages and the photograph pages on them (`/{slug}/photo/{key}`).
 */
export const PAGE_SLUG = ":slug{(?!post$)[^/]+}";
