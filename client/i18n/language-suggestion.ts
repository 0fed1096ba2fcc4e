/**
 * The page in the visitor's own language, suggested: where the site has the page in a language
 * the browser prefers to the page's (`navigator.languages`, in the visitor's order), a link to
 * it appears at the foot of the screen, in that language, with a button that closes it. Never
 * a redirect: search engines and shared links see the address they asked for. Once per visit
 * (the tab's session): a visitor who chose the page's language is not asked again.
 *
 * It reads the language switcher (worker/views/LanguageSwitcher.tsx): each link names its
 * language (`hreflang`) and carries the suggestion in it (`data-suggest`); the switcher names
 * the close button in the page's language (`data-close`).
 */
const SEEN = "language-suggested";

function suggest(): void {
  const switcher = document.querySelector<HTMLElement>("nav[data-languages]");
  if (!switcher || sessionStorage.getItem(SEEN)) return;
  const links = [...switcher.querySelectorAll<HTMLAnchorElement>("a[hreflang]")];
  const page = document.documentElement.lang;
  // The first of the visitor's languages the site has: the page's own ends the search.
  for (const tag of navigator.languages) {
    const language = tag.toLowerCase().split("-")[0] ?? "";
    // In their own language already: a language they switch to later is their choice.
    if (language === page) {
      sessionStorage.setItem(SEEN, "1");
      return;
    }
    const link = links.find((candidate) => candidate.hreflang === language);
    if (!link?.dataset.suggest) continue;
    sessionStorage.setItem(SEEN, "1");
    const note = document.createElement("p");
    note.className = "language-suggestion";
    note.setAttribute("role", "status");
    const to = document.createElement("a");
    to.href = link.href;
    to.hreflang = language;
    to.lang = language;
    to.dir = link.dir;
    to.textContent = link.dataset.suggest;
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "✕";
    close.setAttribute("aria-label", switcher.dataset.close ?? "");
    close.addEventListener("click", () => note.remove());
    note.append(to, close);
    document.body.append(note);
    return;
  }
}

try {
  suggest();
} catch {
  // No session storage (a private window's strict settings): no suggestion, nothing breaks.
}
