// Runs in <head> before the first paint (allowed by its CSP hash, computed at build time).
(() => {
  const root = document.documentElement;
  // The saved colour mode, so a dark-theme visitor never sees a light flash; the system's theme
  // when none is saved, or storage is blocked (privacy modes: reading it throws).
  let mode = null;
  try {
    mode = localStorage.getItem("color-mode");
  } catch {}
  const dark =
    mode === "dark" || (mode !== "light" && matchMedia("(prefers-color-scheme: dark)").matches);
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  try {
    // The session's slideshow choice (CSS hides the backdrop when off) and its current
    // slide, painted from the browser cache until the slideshow island takes over.
    const show = JSON.parse(sessionStorage.getItem("slideshow") || "{}");
    if (show.off) root.dataset.slideshow = "off";
    else if (show.src) {
      root.dataset.slide = "";
      root.style.setProperty("--slide-src", `url(${JSON.stringify(show.src)})`);
      if (show.bg) root.style.setProperty("--slide-bg", show.bg);
    }
  } catch {}
  // What the cart holds, for the header's cart link (a number, set by the worker's store).
  const items = /(?:^|;\s*)cart-items=(\d{1,4})(?:;|$)/.exec(document.cookie)?.[1];
  if (items && +items > 0) {
    root.dataset.cart = "";
    root.style.setProperty("--cart-items", JSON.stringify(items));
  }
  // The backdrop's photograph, once in, is the slide the next page paints first: the island,
  // which remembers every later one, may not have hydrated yet.
  addEventListener(
    "load",
    ({ target }) => {
      if (!target.matches?.("[data-backdrop] img[data-current]")) return;
      try {
        const show = JSON.parse(sessionStorage.getItem("slideshow") || "{}");
        if (show.src) return;
        show.i = +target.dataset.slide;
        show.src = target.currentSrc;
        show.bg = target.style.backgroundColor;
        sessionStorage.setItem("slideshow", JSON.stringify(show));
      } catch {}
    },
    true,
  );
  // Nothing that the first screen does not need runs or downloads before it is on screen:
  // content marked data-after-paint (below the fold on a phone; CSS keeps it unrendered while
  // data-painting is set, so its images are not fetched) and the client script (islands,
  // prefetch, new-build checks) wait for the first contentful paint to be reported.
  // Not when the address names a spot on the page: the browser scrolls there before the
  // first paint, and needs the real layout for it.
  if (!location.hash) root.dataset.painting = "";
  let seen = false;
  let started = false;
  const start = () => {
    if (started || !seen || document.readyState === "loading") return;
    started = true;
    const script = document.createElement("script");
    script.type = "module";
    script.src = document.querySelector('meta[name="entry"]').content;
    document.head.append(script);
    // The backdrop's photograph (the first screen's) at once; the held-back content one piece
    // per frame, top to bottom, so that no frame pays the style and layout of all of it while
    // the page is still loading.
    root.dataset.painted = "";
    const held = document.querySelectorAll("[data-after-paint]");
    let i = 0;
    const release = () => {
      if (i < held.length) {
        held[i++].removeAttribute("data-after-paint");
        requestAnimationFrame(() => setTimeout(release));
      } else delete root.dataset.painting;
    };
    release();
  };
  const painted = () => {
    seen = true;
    start();
  };
  addEventListener("DOMContentLoaded", start);
  // Only the reported paint: the frame after the load event may not be on screen yet. The
  // observer's own list, not performance.getEntries*, which test clocks replace.
  if (window.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length) painted();
    }).observe({ type: "paint", buffered: true });
  } else {
    // Browsers that do not report paints: the frame after the page has loaded.
    addEventListener("load", () => requestAnimationFrame(() => setTimeout(painted)));
  }
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
