import { isWebScheme } from "../../lib/web-address.ts";

/** How a link in content is rendered: inside the site, to another site, or not at all. */
export type LinkKind = "internal" | "external" | "unsafe";

/** Schemes a link in content may use; anything else (javascript:, data:) is dropped. */
const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);

/**
 * `siteOrigin` is the origin of the current request, so absolute links to the site itself
 * (https://example.com/contact on example.com) stay ordinary in-site links.
 */
export function linkKind(href: string, siteOrigin: string): LinkKind {
  const trimmed = href.trim();
  if (trimmed === "") return "unsafe";
  // Relative references (/contact, #top, ?page=2) resolve against the site itself.
  if (/^[/#?]/.test(trimmed) && !trimmed.startsWith("//")) return "internal";
  let url: URL;
  try {
    url = new URL(trimmed, siteOrigin);
  } catch {
    return "unsafe";
  }
  if (!SAFE_SCHEMES.has(url.protocol)) return "unsafe";
  if (isWebScheme(url)) {
    return url.origin === siteOrigin ? "internal" : "external";
  }
  return "internal"; // mailto: and tel: open no new tab
}
