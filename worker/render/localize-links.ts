import type { Language } from "../../shared/i18n/languages.ts";
import { inLanguage } from "../content/paths.ts";

/**
 * A page in a further language, its links kept in that language: every address of the site it
 * names (links, forms, the feed) gets the language's prefix (`/post/a-walk` → `/de/post/a-walk`),
 * except the language-neutral ones (worker/content/paths.ts) and the links that name their own
 * language (`hreflang`: the alternates and the language switcher). Views write the site's paths
 * as they are, once, and no link can be forgotten: the page is rewritten as it streams out
 * (the runtime's HTMLRewriter).
 */
export function localizeLinks(response: Response, language: Language, base: Language): Response {
  const rewrite = (attribute: string) => ({
    element(element: Element) {
      const value = element.getAttribute(attribute);
      if (value === null) return;
      const localized = inLanguage(value, language, base);
      if (localized !== value) element.setAttribute(attribute, localized);
    },
  });
  return new HTMLRewriter()
    .on("a[href]:not([hreflang])", rewrite("href"))
    .on("form[action]", rewrite("action"))
    .on('link[rel="alternate"][type="application/rss+xml"]', rewrite("href"))
    .transform(response);
}
