/**
 * A page's canonical URL: the site's origin plus the path, without query string or fragment
 * (?utm_… variants are one page).
 */
export const canonicalUrl = (origin: string, path: string): string => new URL(path, origin).href;
