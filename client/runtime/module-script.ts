/** Starts a hashed module script of the site's own (the viewer, the search, the contact form's, …). */
export function loadModuleScript(src: string): void {
  const script = document.createElement("script");
  script.type = "module";
  script.src = src;
  document.head.append(script);
}
