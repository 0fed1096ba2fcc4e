/**
 * The photo viewer: with JavaScript, a photograph link opens the photograph's own page over
 * the current one, in a modal <dialog>, instead of navigating. It shows that page's
 * `[data-photo-view]` element (fetched like a prefetch, so the viewer and the photo page always
 * agree), and the address bar shows the photo page's address: Back closes the viewer, Forward
 * opens it again, and a reload gives the server-rendered photo page. ←/→ and a horizontal
 * swipe move through the sequence; the neighbours are fetched ahead. Escape and the close
 * button close it; focus stays inside and returns to the photograph it came from.
 *
 * Plain DOM rather than a React island: the server already renders the markup, and this stays
 * a fraction of the size (it loads only on pages with photographs).
 */

interface View {
  node: Element;
  title: string;
  previous?: string;
  next?: string;
}

const views = new Map<string, Promise<View>>();

/** The photo page at `url`, fetched and parsed once. */
function load(url: string): Promise<View> {
  let view = views.get(url);
  if (!view) {
    view = fetch(url)
      .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
      .then((html) => {
        const page = new DOMParser().parseFromString(html, "text/html");
        const node = page.querySelector("[data-photo-view]");
        if (!node) return Promise.reject(url);
        return {
          node,
          title: page.title,
          // A parsed document resolves its links against this page's address.
          previous: node.querySelector<HTMLAnchorElement>("a[rel=prev]")?.href,
          next: node.querySelector<HTMLAnchorElement>("a[rel=next]")?.href,
        };
      });
    view.catch(() => views.delete(url));
    views.set(url, view);
  }
  return view;
}

/** Fetches a neighbour's page and its photograph, so the next step shows at once. */
function preload(url: string | undefined): void {
  if (!url) return;
  load(url).then(
    ({ node }) => {
      const source = node.querySelector("img");
      if (!source) return;
      const image = new Image();
      image.sizes = source.sizes;
      image.srcset = source.srcset;
      image.src = source.src;
    },
    () => {},
  );
}

const dialog = document.createElement("dialog");
dialog.className = "photo-viewer";
dialog.setAttribute("aria-label", "Photograph");
const closeButton = document.createElement("button");
closeButton.type = "button";
closeButton.className = "photo-viewer-close";
closeButton.setAttribute("aria-label", "Close");
closeButton.textContent = "✕";
const stage = document.createElement("div");
dialog.append(closeButton, stage);
document.body.append(dialog);

let shown: (View & { url: string }) | undefined;
let opener: HTMLElement | undefined;
let pageTitle = document.title;

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Grows the photograph from its thumbnail (one shared view-transition name), motion allowing. */
function transition(from: HTMLElement | undefined | null, update: () => void): void {
  if (!from || !document.startViewTransition || reducedMotion()) {
    update();
    return;
  }
  from.style.viewTransitionName = "photo";
  document.startViewTransition(() => {
    from.style.viewTransitionName = "";
    update();
    const to = stage.querySelector("img");
    if (to) to.style.viewTransitionName = "photo";
  });
}

async function show(url: string, how: "open" | "step" | "restore"): Promise<void> {
  let view: View;
  try {
    view = await load(url);
  } catch {
    // The viewer cannot show it: the photo page itself can.
    location.assign(url);
    return;
  }
  if (how === "open") history.pushState({ photo: url }, "", url);
  else if (how === "step") history.replaceState({ photo: url }, "", url);
  const update = () => {
    stage.replaceChildren(document.importNode(view.node, true));
    document.title = view.title;
    if (!dialog.open) dialog.showModal();
  };
  if (dialog.open) update();
  else transition(opener?.querySelector("img"), update);
  shown = { ...view, url };
  preload(view.previous);
  preload(view.next);
}

/** Closes, with focus on the thumbnail of the photograph last shown (or the one opened). */
function hide(): void {
  if (!dialog.open) return;
  dialog.close();
  const thumbnail = [...document.querySelectorAll<HTMLAnchorElement>("a[data-photo]")].find(
    (link) => link.href === shown?.url,
  );
  shown = undefined;
  document.title = pageTitle;
  (thumbnail ?? opener)?.focus();
}

/** Closing goes back in history, so the entry the viewer added goes too. */
const close = () => (history.state?.photo ? history.back() : hide());

function step(direction: "previous" | "next"): void {
  const url = shown?.[direction];
  if (url) void show(url, "step");
}

const photoLink = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLAnchorElement>("a[data-photo]") : null;

document.addEventListener("click", (event) => {
  const link = photoLink(event.target);
  // A photograph link with a modifier opens the photo page as the visitor asked (a new tab…).
  if (!link || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  if (dialog.contains(link)) return void show(link.href, "step");
  opener = link;
  pageTitle = document.title;
  void show(link.href, "open");
});

// Intent: the page is fetched while the pointer is on its way.
for (const type of ["pointerover", "focusin"]) {
  document.addEventListener(type, (event) => {
    const link = photoLink(event.target);
    if (link && !dialog.contains(link)) load(link.href).catch(() => {});
  });
}

addEventListener("popstate", () => {
  const url = history.state?.photo;
  if (typeof url === "string") void show(url, "restore");
  else hide();
});

closeButton.addEventListener("click", close);
// Escape: close the way the button does (the native close would leave the history entry).
dialog.addEventListener("cancel", (event) => {
  event.preventDefault();
  close();
});

dialog.addEventListener("keydown", (event) => {
  if (event.key === "ArrowLeft") step("previous");
  else if (event.key === "ArrowRight") step("next");
  else if (event.key === "Tab") {
    // Keep focus inside: from the last control back to the first, and the other way. Only the
    // controls shown: the copied page's back link is hidden inside the viewer.
    const controls = [...dialog.querySelectorAll<HTMLElement>("button, a[href]")].filter(
      (control) => control.getClientRects().length > 0,
    );
    const edge = event.shiftKey ? controls[0] : controls.at(-1);
    if (document.activeElement === edge) {
      event.preventDefault();
      (event.shiftKey ? controls.at(-1) : controls[0])?.focus();
    }
  }
});

// A horizontal swipe (touch or pen) steps through the sequence.
let swipe: { x: number; y: number } | undefined;
dialog.addEventListener("pointerdown", (event) => {
  swipe = event.pointerType === "mouse" ? undefined : { x: event.clientX, y: event.clientY };
});
dialog.addEventListener("pointerup", (event) => {
  if (!swipe) return;
  const dx = event.clientX - swipe.x;
  const dy = event.clientY - swipe.y;
  swipe = undefined;
  if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? "next" : "previous");
});

export {};
