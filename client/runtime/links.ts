/**
 * A same-origin page link the runtime may prefetch or reload: not a file download, not a new
 * tab, not an asset or `/_app` endpoint, not a file such as /rss.xml. Hash is dropped.
 */
export function pageLink(target: EventTarget | null): URL | undefined {
  const link = target instanceof Element ? target.closest<HTMLAnchorElement>("a[href]") : null;
  if (!link || link.hasAttribute("download") || (link.target && link.target !== "_self")) return;
  const url = new URL(link.href);
  if (url.origin !== location.origin) return;
  if (/^\/(?:_app|assets)\/|\.[a-z0-9]+$/i.test(url.pathname)) return;
  url.hash = "";
  return url;
}

export const isCurrentPage = (url: URL) =>
  url.pathname === location.pathname && url.search === location.search;
