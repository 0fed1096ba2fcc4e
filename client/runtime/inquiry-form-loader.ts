/**
 * Loads the contact form's script (client/inquiry-form/) on the one page that has the form:
 * every other page pays nothing for it. Its hashed address is on the form (`data-script`).
 */
export function loadInquiryFormWhenPresent(): void {
  const src = document.querySelector<HTMLFormElement>("form[data-inquiry-form]")?.dataset.script;
  if (!src) return;
  const script = document.createElement("script");
  script.type = "module";
  script.src = src;
  document.head.append(script);
}
