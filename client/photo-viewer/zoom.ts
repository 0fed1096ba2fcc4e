import {
  covers,
  cropOf,
  maxZoom,
  type Placement,
  photoSize,
  type Region,
  regionUrl,
  visibleRegion,
} from "./geometry.ts";
import { moves, QUICK_MS } from "./motion.ts";
import {
  type Frame,
  fitted,
  isZoomed,
  tween,
  type ZoomInput,
  type ZoomMove,
  zoomMove,
  zoomOf,
} from "./zoom-state.ts";

/** How much of the screen's size a region adds on each side: panning a little needs nothing new. */
const MARGIN = 0.2;
/** A region is asked for once the zoom has rested this long: not for every frame of a move. */
const REGION_DELAY_MS = 150;

export type Zoom = ReturnType<typeof zoomable>;

/** The widest candidate of a `srcset` of width descriptors: its address and its pixels across. */
function widest(srcset: string): { url: string; w: number } | undefined {
  let best: { url: string; w: number } | undefined;
  for (const candidate of srcset.split(/,\s+/)) {
    const [url, descriptor = ""] = candidate.trim().split(/\s+/);
    const w = Number.parseInt(descriptor, 10);
    if (url && descriptor.endsWith("w") && w > (best?.w ?? 0)) best = { url, w };
  }
  return best;
}

/**
 * Zoom and pan of one photograph on its stage, down to one pixel of the original per device
 * pixel. Past what the loaded image holds, it asks the worker for only the region on screen (at
 * the resolution the screen needs: `data-zoom-src`) and lays it over the scaled image once it
 * has arrived; where a client gallery offers its originals (`data-zoom-original`) it loads the
 * whole original once instead. Where neither is offered (a client gallery's proofs, a public
 * photograph whose zoom stops at the public size), or a region cannot be had, it loads the
 * page's largest size once and zooms no further than its pixels: never a broken image, never a
 * blur past them. At "fit" the photograph is left to the stylesheet's layout, which this matches.
 */
export function zoomable(stage: HTMLElement, img: HTMLImageElement, changed: () => void) {
  const crop = cropOf(img.dataset.zoomRect);
  // Its attributes, not its drawn size, which `img.width` gives once the viewer shows it.
  const photo = photoSize(
    img.dataset.zoomRect,
    img.getAttribute("width"),
    img.getAttribute("height"),
  );
  const src = img.dataset.zoomSrc;
  const original = img.dataset.zoomOriginal;
  const largest = widest(img.srcset);
  /** Where the zoom's sharper pixels come from; regions fall back to the largest size. */
  let source: "regions" | "original" | "largest" = src
    ? "regions"
    : original
      ? "original"
      : "largest";
  const frame = (): Frame => ({
    stage: { w: stage.clientWidth, h: stage.clientHeight },
    photo,
    dpr: devicePixelRatio || 1,
    ...(source === "largest" && largest ? { most: Math.min(largest.w, photo.w) } : {}),
  });
  let at = fitted(frame());
  /** Where the running animation is going: a step while it runs goes on from there. */
  let goal = at;
  let layer: HTMLImageElement | undefined;
  let shown: Region | undefined;
  let pending: HTMLImageElement | undefined;
  let timer = 0;
  let animation = 0;

  const zoom = () => zoomOf(frame(), at);

  function place(element: HTMLImageElement, r: Region) {
    const k = at.w / photo.w;
    element.style.cssText = `width:${r.w * k}px;height:${r.h * k}px;translate:${at.x + r.x * k}px ${at.y + r.y * k}px`;
  }

  function render() {
    const zoomed = isZoomed(zoom());
    img.style.width = zoomed ? `${at.w}px` : "";
    img.style.translate = zoomed ? `${at.x}px ${at.y}px` : "";
    stage.classList.toggle("pv-zoomed", zoomed);
    if (layer && shown) place(layer, shown);
    clearTimeout(timer);
    timer = window.setTimeout(loadRegion, REGION_DELAY_MS);
    changed();
  }

  /** The region on screen, unless the loaded image or the region shown already has it. */
  function loadRegion() {
    const { stage: box, dpr } = frame();
    // A stage no longer shown (the visitor moved on) needs nothing.
    if (!stage.isConnected || !isZoomed(zoom())) return;
    if (at.w * dpr <= img.naturalWidth) return;
    const regions = source === "regions" && src;
    // The whole photograph, once: nothing sharper can come.
    if (shown && !regions) return;
    if (shown && covers(shown, visibleRegion(box, photo, dpr, at, 0))) return;
    const r = regions
      ? visibleRegion(box, photo, dpr, at, MARGIN)
      : { x: 0, y: 0, ...photo, out: photo.w };
    const url = regions ? regionUrl(src, crop, r) : source === "original" ? original : largest?.url;
    if (!url) return;
    // Only the latest request matters: an older one still loading is given up.
    pending?.removeAttribute("src");
    const next = new Image();
    pending = next;
    next.className = "pv-region";
    next.alt = "";
    next.src = url;
    next.decode().then(
      () => {
        if (pending !== next) return;
        layer?.remove();
        layer = next;
        shown = r;
        place(next, r);
        stage.append(next);
      },
      () => {
        // A region refused: the largest size instead, and no more regions of this photograph.
        if (pending !== next || !regions) return;
        source = "largest";
        // Back to the most that size holds, if the zoom had gone past it.
        go(zoomMove(frame(), { at, goal }, { type: "by", factor: 1, animate: true }));
      },
    );
  }

  function go({ to, animate }: ZoomMove) {
    cancelAnimationFrame(animation);
    goal = to;
    const from: Placement = at;
    const started = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - started) / QUICK_MS);
      at = tween(from, to, t);
      render();
      if (t < 1) animation = requestAnimationFrame(tick);
    };
    if (animate && moves()) {
      animation = requestAnimationFrame(tick);
    } else {
      at = to;
      render();
    }
  }

  return {
    get zoom() {
      return zoom();
    },
    get max() {
      const { stage: box, dpr, most } = frame();
      return maxZoom(box, photo, dpr, most);
    },
    /** Zooms, pans, toggles or resets as the visitor asked (zoom-state.ts says where to). */
    move(input: ZoomInput) {
      go(zoomMove(frame(), { at, goal }, input));
    },
  };
}
