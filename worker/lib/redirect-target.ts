/**
 * Control characters never belong in a redirect: the URL parser drops tabs and newlines
 * silently ("/\t/evil.example" parses as "//evil.example", another host), and a header value
 * cannot carry them at all (a Location with a newline is a runtime error, not a redirect).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * The one place that decides where a redirect may send a visitor: `target` (a path or URL a
 * request named, such as `?redirect=`) resolved the way a browser resolves it against the
 * site's `origin`, if it stays on that origin; `fallback` (a path on the site) otherwise. The
 * answer is absolute, so no browser can read it as another host: a path like "//evil.example"
 * or "/\evil.example" is another host to a browser, and "/.//evil.example" becomes one once
 * its dot segment is resolved.
 */
export function redirectTarget(
  target: string | null | undefined,
  origin: string,
  fallback = "/",
): string {
  const site = new URL(origin);
  const home = new URL(fallback, site).href;
  if (!target || CONTROL_CHARACTER.test(target)) return home;
  let url: URL;
  try {
    url = new URL(target, site);
  } catch {
    return home;
  }
  return url.origin === site.origin ? url.href : home;
}
