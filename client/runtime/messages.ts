import type { BrowserMessageKey, WordyModule } from "../../shared/i18n/browser-messages.ts";
import { formatMessage, type Message } from "../../shared/i18n/format.ts";
import type { ArgsOf, Phrase } from "../../shared/i18n/messages.ts";

/**
 * The words of a browser module, in the page's language, as the server wrote them into the page
 * (worker/views/BrowserMessages.tsx): `t` writes one by its key, typed by the module's list
 * (shared/i18n/browser-messages.ts); `phrase` writes one chosen by a shared rule (the contact
 * form's problems). A key the page lacks is written as itself, never thrown.
 */
export function messagesFor<M extends WordyModule>(module: M) {
  const element = document.querySelector(`script[data-messages="${module}"]`);
  let messages: Record<string, Message> = {};
  try {
    messages = JSON.parse(element?.textContent ?? "{}") as Record<string, Message>;
  } catch {
    // A page without its words still works: the keys stand in.
  }
  const language = document.documentElement.lang || "en";
  const phrase = ({ key, values }: Phrase): string =>
    formatMessage(language, messages[key] ?? key, values);
  return {
    t: <K extends BrowserMessageKey<M>>(key: K, ...values: ArgsOf<K>): string =>
      phrase({ key, ...(values[0] ? { values: values[0] } : {}) }),
    phrase,
  };
}
