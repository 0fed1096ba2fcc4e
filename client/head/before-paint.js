// Runs in <head> before the first paint (allowed by its CSP hash, computed at build time).
(() => {
  const root = document.documentElement;
  try {
    // The saved colour mode, so a dark-theme visitor never sees a light flash.
    const mode = localStorage.getItem("color-mode");
    const dark =
      mode === "dark" || (mode !== "light" && matchMedia("(prefers-color-scheme: dark)").matches);
    root.classList.toggle("dark", dark);
    root.style.colorScheme = dark ? "dark" : "light";
  } catch {
    // Storage can be blocked (privacy modes); the page then follows the system theme via CSS.
  }
  try {
    // The session's slideshow choice (CSS hides the backdrop when off) and its current
    // slide, painted from the browser cache until the slideshow island takes over.
    const show = JSON.parse(sessionStorage.getItem("slideshow") || "{}");
    if (show.off) root.dataset.slideshow = "off";
    else if (show.i > 0 && show.src) {
      root.dataset.slide = "";
      root.style.setProperty("--slide-src", `url(${JSON.stringify(show.src)})`);
      if (show.bg) root.style.setProperty("--slide-bg", show.bg);
    }
  } catch {}
  // The client bundle or stylesheet under /assets/ failed to load: reload once per 10 s.
  addEventListener(
    "error",
    (event) => {
      const url = event.target.src || event.target.href || "";
      if (
        !/^(SCRIPT|LINK)$/.test(event.target.tagName) ||
        !url.startsWith(`${location.origin}/assets/`)
      )
        return;
      try {
        if (Date.now() - sessionStorage.getItem("chunk-reload") < 1e4) return;
        sessionStorage.setItem("chunk-reload", Date.now());
        location.reload();
      } catch {}
    },
    true,
  );
})();
