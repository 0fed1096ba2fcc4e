import { loadModuleScript } from "./module-script.ts";

/**
 * Loads the contact form's script (client/inquiries/) on the one page that has the form:
 * every other page pays nothing for it. Its hashed address is on the form (`data-script`).
 */
export function loadInquiryFormWhenPresent(): void {
  const src = document.querySelector<HTMLFormElement>("form[data-inquiry-form]")?.dataset.script;
  if (src) loadModuleScript(src);
}
