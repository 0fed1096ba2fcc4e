import {
  clamp,
  covers,
  fitWidth,
  maxZoom,
  type Placement,
  type Region,
  regionUrl,
  type Size,
  visibleRegion,
  zoomAt,
} from "./geometry.ts";

/** How much of the screen's size a region adds on each side: panning a little needs nothing new. */
const MARGIN = 0.2;

export type Zoom = ReturnType<typeof zoomable>;

/**
 * Zoom and pan of one photograph on its stage, down to one pixel of the original per device
 * pixel. Past what the loaded image holds, it asks the CDN for only the region on screen (at
 * the resolution the screen needs) and lays it over the scaled image once it has arrived.
 * At "fit" the photograph is left to the stylesheet's layout, which this matches.
 */
export function zoomable(stage: HTMLElement, img: HTMLImageElement, changed: () => void) {
  const crop = (img.dataset.zoomRect ?? "").split(",").map(Number);
  const photo: Size = { w: crop[2] || img.width, h: crop[3] || img.height };
  const src = img.dataset.zoomSrc;
  const dpr = () => devicePixelRatio || 1;
  const box = (): Size => ({ w: stage.clientWidth, h: stage.clientHeight });
  const fitted = () => clamp(box(), photo, { x: 0, y: 0, w: fitWidth(box(), photo) });
  let at = fitted();
  /** Where the running animation is going: a step while it runs goes on from there. */
  let goal = at;
  let layer: HTMLImageElement | undefined;
  let shown: Region | undefined;
  let pending: HTMLImageElement | undefined;
  let timer = 0;
  let frame = 0;

  const zoom = () => at.w / fitWidth(box(), photo);

  function place(element: HTMLImageElement, r: Region) {
    const k = at.w / photo.w;
    element.style.cssText = `width:${r.w * k}px;height:${r.h * k}px;translate:${at.x + r.x * k}px ${at.y + r.y * k}px`;
  }

  function render() {
    const zoomed = zoom() > 1.001;
    img.style.width = zoomed ? `${at.w}px` : "";
    img.style.translate = zoomed ? `${at.x}px ${at.y}px` : "";
    stage.classList.toggle("pv-zoomed", zoomed);
    if (layer && shown) place(layer, shown);
    clearTimeout(timer);
    timer = window.setTimeout(loadRegion, 150);
    changed();
  }

  /** The region on screen, unless the loaded image or the region shown already has it. */
  function loadRegion() {
    // A stage no longer shown (the visitor moved on) needs nothing.
    if (!src || !stage.isConnected || zoom() <= 1.001 || at.w * dpr() <= img.naturalWidth) return;
    if (shown && covers(shown, visibleRegion(box(), photo, dpr(), at, 0))) return;
    const r = visibleRegion(box(), photo, dpr(), at, MARGIN);
    // Only the latest request matters: an older one still loading is given up.
    pending?.removeAttribute("src");
    const next = new Image();
    pending = next;
    next.className = "pv-region";
    next.alt = "";
    next.src = regionUrl(src, crop, r);
    next.decode().then(
      () => {
        if (pending !== next) return;
        layer?.remove();
        layer = next;
        shown = r;
        place(next, r);
        stage.append(next);
      },
      () => {},
    );
  }

  function go(target: Placement, animate: boolean) {
    cancelAnimationFrame(frame);
    goal = target;
    const from = at;
    const started = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - started) / 200);
      const e = 1 - (1 - t) ** 3;
      at = {
        x: from.x + (target.x - from.x) * e,
        y: from.y + (target.y - from.y) * e,
        w: from.w + (target.w - from.w) * e,
      };
      render();
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    if (animate && !matchMedia("(prefers-reduced-motion: reduce)").matches) {
      frame = requestAnimationFrame(tick);
    } else {
      at = target;
      render();
    }
  }

  const centre = () => [box().w / 2, box().h / 2] as const;
  const to = (z: number, x = centre()[0], y = centre()[1], animate = false) =>
    go(zoomAt(box(), photo, dpr(), at, z, x, y), animate);

  return {
    get zoom() {
      return zoom();
    },
    get max() {
      return maxZoom(box(), photo, dpr());
    },
    to,
    by: (factor: number, x?: number, y?: number, animate?: boolean) =>
      to((goal.w / fitWidth(box(), photo)) * factor, x, y, animate),
    pan(dx: number, dy: number) {
      go(clamp(box(), photo, { x: at.x + dx, y: at.y + dy, w: at.w }), false);
    },
    /** Double click or tap: fit, or one original pixel per device pixel at that point. */
    toggle(x: number, y: number) {
      if (zoom() > 1.001) go(fitted(), true);
      else to(Infinity, x, y, true);
    },
    /** Back to fit at once: a new stage size, or another photograph. */
    reset() {
      cancelAnimationFrame(frame);
      go(fitted(), false);
    },
  };
}
