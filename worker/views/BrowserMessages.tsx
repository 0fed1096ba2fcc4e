import { BROWSER_MESSAGES, type WordyModule } from "../../shared/i18n/browser-messages.ts";
import { useI18n } from "./i18n.tsx";

/**
 * The words a browser module writes itself, in the page's language (shared/i18n/
 * browser-messages.ts): data the browser never runs (so the CSP has nothing to allow), read by
 * client/runtime/messages.ts when the module runs. `<` is escaped so nothing ends the element.
 */
export function BrowserMessages({ module }: { module: WordyModule }) {
  const json = JSON.stringify(useI18n().messages(BROWSER_MESSAGES[module]));
  return (
    <script
      type="application/json"
      data-messages={module}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the catalogue's own words, with `<` escaped so nothing can end the element
      dangerouslySetInnerHTML={{ __html: json.replaceAll("<", "\\u003c") }}
    />
  );
}
