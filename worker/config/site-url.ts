/**
 * The site's public origin from `SITE_URL` ("https://photos.example.com"), or undefined when
 * it is not set (or not an http(s) address): pages then name whatever host they were asked on.
 */
export function siteUrlOrigin(env: { SITE_URL?: string }): string | undefined {
  const value = env.SITE_URL?.trim();
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
