/**
 * The map over the map page's list of places (worker/discovery/MapView.tsx): the basemap's
 * vector tiles (/map/tiles/…, from the site's own origin) drawn on a canvas, and each place as
 * a link to its item in the list, grouped where they would overlap. Loaded by the client entry
 * only where a page has a map (`[data-map]`, shared/modules.ts), after the first paint, which is
 * the list. Without it, or without JavaScript, the list is the page.
 *
 * Why not MapLibre GL JS: it is about 300 KB compressed with its worker, needs WebGL and a
 * worker made from a blob, and draws what this basemap (countries and coastlines at zoom 0 to 5,
 * or a Protomaps extract's earth, water and boundaries) does not need. This is a few KB: Canvas
 * 2D, Web Mercator, a small reader of vector tiles, links for the places.
 *
 * Keyboard: the map is one focusable region (Tab): arrow keys move it, + and − zoom, 0 shows
 * every place; the places are links, in the tab order after it; the zoom buttons are buttons.
 */
import { messagesFor } from "../runtime/messages.ts";
import css from "./map.css?inline";
import { decodeTile, type TileLayer } from "./vector-tile.ts";

interface MapData {
  levels: string[];
  places: [id: string, name: string][];
  points: [lng: number, lat: number, count: number, place: number, level: number][];
  basemap: { minZoom: number; maxZoom: number; tiles: string } | null;
}

const TILE = 256;
/** The most a frame spends drawing tiles: the rest wait for the next frame. */
const TILE_BUDGET_MS = 6;
/** How close (CSS px) two places may come before they are shown as one group. */
const GROUP_PX = 44;
const MAX_ZOOM = 9;

const frame = document.querySelector<HTMLElement>("[data-map]");

/** Web Mercator: a point as a fraction of the world's width (x) and height (y). */
function project(lng: number, lat: number): [number, number] {
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return [(lng + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
}

const { t } = messagesFor("map");
const photographs = (count: number) => t("collection.photographs", { count });

/** The map's data, or undefined when it cannot be had (offline, an answer that is not it). */
async function mapData(address: string): Promise<MapData | undefined> {
  try {
    const response = await fetch(address);
    return response.ok ? ((await response.json()) as MapData) : undefined;
  } catch {
    return undefined;
  }
}

async function start(frame: HTMLElement): Promise<void> {
  const found = await mapData(frame.dataset.map as string);
  // No map after all: its box (kept from the first paint, frame.css) goes.
  if (!found || found.points.length === 0) {
    frame.remove();
    return;
  }
  const data = found;

  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);

  const view = document.createElement("div");
  view.className = "map-view";
  view.tabIndex = 0;
  view.setAttribute("role", "region");
  view.setAttribute("aria-roledescription", "map");
  view.setAttribute("aria-label", t("map.view"));
  view.setAttribute("aria-describedby", "map-keys");
  const canvas = document.createElement("canvas");
  canvas.setAttribute("aria-hidden", "true");
  const markers = document.createElement("ul");
  markers.className = "map-markers";
  markers.setAttribute("aria-label", t("map.markers"));
  const keys = document.createElement("p");
  keys.id = "map-keys";
  keys.className = "map-keys";
  keys.textContent = t("map.keys");
  const controls = document.createElement("div");
  controls.className = "map-controls";
  const button = (label: string, text: string, action: () => void) => {
    const element = document.createElement("button");
    element.type = "button";
    element.className = "map-button";
    element.setAttribute("aria-label", label);
    element.textContent = text;
    element.addEventListener("click", action);
    controls.append(element);
  };
  view.append(canvas, markers, controls);
  frame.append(view, keys);

  const points = data.points.map(([lng, lat, count, place]) => ({
    xy: project(lng, lat),
    count,
    place,
  }));
  const minZoom = 0;
  let width = 0;
  let height = 0;
  let zoom = 1;
  let centre: [number, number] = [0.5, 0.5];

  const worldSize = () => TILE * 2 ** zoom;
  const clampZoom = (value: number) => Math.max(minZoom, Math.min(MAX_ZOOM, value));
  /** How close a place is shown: one level past the basemap's deepest, where it still has detail. */
  const placeZoom = clampZoom((data.basemap?.maxZoom ?? 5) + 1);

  /** Every place in view, as large as fits. */
  function fit(): void {
    const xs = points.map((point) => point.xy[0]).sort((a, b) => a - b);
    const ys = points.map((point) => point.xy[1]);
    // West to east across the widest gap between places, round the back of the world too: Fiji
    // and Samoa are neighbours across the antimeridian, not the two ends of the map.
    let [west, east] = [xs[0] as number, xs.at(-1) as number];
    let gap = 1 - (east - west);
    for (let i = 1; i < xs.length; i++) {
      const [before, after] = [xs[i - 1] as number, xs[i] as number];
      if (after - before > gap) [gap, west, east] = [after - before, after, before + 1];
    }
    const [north, south] = [Math.min(...ys), Math.max(...ys)];
    centre = [((west + east) / 2) % 1, (north + south) / 2];
    const span = Math.max(east - west, south - north, 1e-6);
    zoom = Math.min(
      placeZoom,
      clampZoom(Math.floor(Math.log2(Math.min(width, height) / 1.6 / (TILE * span)))),
    );
  }

  const tiles = new Map<
    string,
    Promise<Map<string, TileLayer> | null> | Map<string, TileLayer> | null
  >();
  function tile(z: number, x: number, y: number): Map<string, TileLayer> | null | undefined {
    const key = `${z}/${x}/${y}`;
    const found = tiles.get(key);
    if (found instanceof Promise || found === undefined) {
      if (found === undefined && data.basemap) {
        const url = data.basemap.tiles
          .replace("{z}", String(z))
          .replace("{x}", String(x))
          .replace("{y}", String(y));
        const loading = fetch(url)
          .then((res) => (res.ok ? res.arrayBuffer() : null))
          .then((bytes) => (bytes ? decodeTile(new Uint8Array(bytes)) : null))
          .then(
            (layers) => {
              tiles.set(key, layers);
              schedule();
              return layers;
            },
            () => {
              // Offline a moment, the answer broken off: asked for again at the next drawing
              // (a move, a zoom), not a hole in the map until the page is loaded again.
              tiles.delete(key);
              return null;
            },
          );
        tiles.set(key, loading);
      }
      return undefined;
    }
    return found;
  }

  const colour = (name: string) =>
    getComputedStyle(frame as HTMLElement)
      .getPropertyValue(name)
      .trim();

  /** The tiles already on the canvas for the view it shows (by their place in the view). */
  const drawnTiles = new Set<string>();

  /**
   * Draws the basemap's tiles not yet on the canvas (`fresh`: a new view, from its water up), for
   * at most TILE_BUDGET_MS: what is left is drawn in the next frame, so that tiles arriving
   * together never make one long task.
   */
  function drawBasemap(context: CanvasRenderingContext2D, fresh: boolean): void {
    const started = performance.now();
    if (fresh) {
      drawnTiles.clear();
      context.fillStyle = colour("--map-water") || "#cfe3ea";
      context.fillRect(0, 0, width, height);
    }
    const basemap = data.basemap;
    if (!basemap) return;
    const z = Math.max(basemap.minZoom, Math.min(basemap.maxZoom, Math.round(zoom)));
    const size = TILE * 2 ** (zoom - z);
    const count = 2 ** z;
    const left = centre[0] * worldSize() - width / 2;
    const top = centre[1] * worldSize() - height / 2;
    const land = colour("--map-land") || "#f4f1ea";
    const border = colour("--map-border") || "#9aa5b1";
    for (
      let ty = Math.max(0, Math.floor(top / size));
      ty <= Math.min(count - 1, Math.floor((top + height) / size));
      ty++
    ) {
      for (let tx = Math.floor(left / size); tx <= Math.floor((left + width) / size); tx++) {
        const placed = `${tx},${ty}`;
        if (drawnTiles.has(placed)) continue;
        if (performance.now() - started > TILE_BUDGET_MS) {
          schedule();
          return;
        }
        const layers = tile(z, ((tx % count) + count) % count, ty);
        if (!layers) continue;
        drawnTiles.add(placed);
        const ox = tx * size - left;
        const oy = ty * size - top;
        for (const [name, fill] of [
          ["earth", true],
          ["landcover", true],
          ["water", false],
          ["boundaries", false],
        ] as const) {
          const layer = layers.get(name);
          if (!layer) continue;
          const scale = size / layer.extent;
          context.beginPath();
          for (const feature of layer.features) {
            if (
              fill ? feature.type !== 3 : name === "water" ? feature.type !== 3 : feature.type !== 2
            )
              continue;
            for (const part of feature.parts) {
              for (let i = 0; i < part.length; i += 2) {
                const x = ox + (part[i] as number) * scale;
                const y = oy + (part[i + 1] as number) * scale;
                if (i === 0) context.moveTo(x, y);
                else context.lineTo(x, y);
              }
            }
          }
          if (name === "water") {
            context.fillStyle = colour("--map-water") || "#cfe3ea";
            context.fill("evenodd");
          } else if (fill) {
            context.fillStyle = land;
            context.fill("evenodd");
          } else {
            context.strokeStyle = border;
            context.lineWidth = 1;
            context.stroke();
          }
        }
      }
    }
  }

  /** The places in view, grouped where they would overlap, as links (or a zoom for a group). */
  function drawMarkers(): void {
    const left = centre[0] * worldSize() - width / 2;
    const top = centre[1] * worldSize() - height / 2;
    const groups = new Map<string, { x: number; y: number; places: Map<number, number> }>();
    for (const point of points) {
      // The copy of the world nearest the middle of the view (the map wraps at the antimeridian).
      const across = point.xy[0] * worldSize() - left;
      const x = across - Math.round((across - width / 2) / worldSize()) * worldSize();
      const y = point.xy[1] * worldSize() - top;
      if (x < -GROUP_PX || y < -GROUP_PX || x > width + GROUP_PX || y > height + GROUP_PX) continue;
      const key = `${Math.floor(x / GROUP_PX)},${Math.floor(y / GROUP_PX)}`;
      const group = groups.get(key) ?? { x, y, places: new Map<number, number>() };
      group.places.set(point.place, (group.places.get(point.place) ?? 0) + point.count);
      groups.set(key, group);
    }
    /** A place's marker: a link to its item in the list. */
    const placeLink = (index: number, count: number) => {
      const [id, stored] = data.places[index] as [string, string];
      // The data is the same for every language; the list names the place in the page's.
      const name = document.getElementById(id)?.querySelector("h3")?.textContent || stored;
      const link = document.createElement("a");
      link.href = `#${id}`;
      link.setAttribute("aria-label", t("map.place", { name, photos: photographs(count) }));
      return link;
    };
    const placed = (marker: HTMLElement, count: number, x: number, y: number) => {
      const item = document.createElement("li");
      marker.className = "map-marker";
      marker.textContent = String(count);
      marker.style.left = `${x}px`;
      marker.style.top = `${y}px`;
      item.append(marker);
      return item;
    };
    markers.replaceChildren(
      ...[...groups.values()].flatMap((group) => {
        const places = [...group.places];
        if (places.length === 1) {
          const [[index, count]] = places as [[number, number]];
          return [placed(placeLink(index, count), count, group.x, group.y)];
        }
        // As deep as the map goes, places still together (one point, or a street apart) are
        // set round their point, each its own link: no zoom would part them.
        if (zoom >= MAX_ZOOM) {
          return places.map(([index, count], i) => {
            const angle = (2 * Math.PI * i) / places.length - Math.PI / 2;
            const [dx, dy] = [Math.cos(angle) * GROUP_PX * 0.6, Math.sin(angle) * GROUP_PX * 0.6];
            return placed(placeLink(index, count), count, group.x + dx, group.y + dy);
          });
        }
        const total = places.reduce((sum, [, count]) => sum + count, 0);
        const zoomIn = document.createElement("button");
        zoomIn.type = "button";
        zoomIn.setAttribute(
          "aria-label",
          t("map.group", { count: places.length, photos: photographs(total) }),
        );
        zoomIn.addEventListener("click", () => {
          centre = [(group.x + left) / worldSize(), (group.y + top) / worldSize()];
          zoom = clampZoom(zoom + 2);
          schedule();
          // The pressed group is gone with the redrawn markers: the keys go on moving the map.
          view.focus();
        });
        return [placed(zoomIn, total, group.x, group.y)];
      }),
    );
  }

  // biome-ignore lint/correctness/noUnusedVariables: read by `||=` in schedule()
  let frameRequest = 0;
  let markersZoom = Number.NaN;
  let markersCentre = "";
  /** The view the canvas shows: a tile arriving for it is drawn alone, over what is there. */
  let drawnView = "";
  function draw(): void {
    frameRequest = 0;
    const ratio = window.devicePixelRatio || 1;
    const view = `${zoom},${centre[0]},${centre[1]},${width},${height},${ratio}`;
    const fresh = view !== drawnView;
    if (fresh) {
      drawnView = view;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    const context = canvas.getContext("2d");
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawBasemap(context, fresh);
    // Rebuilt only when the view moved: a focused place keeps its focus while tiles arrive.
    const where = `${centre[0]},${centre[1]},${width},${height}`;
    if (zoom !== markersZoom || where !== markersCentre) {
      markersZoom = zoom;
      markersCentre = where;
      drawMarkers();
    }
  }
  function schedule(): void {
    frameRequest ||= requestAnimationFrame(draw);
  }

  function pan(dx: number, dy: number): void {
    centre = [centre[0] + dx / worldSize(), Math.max(0, Math.min(1, centre[1] + dy / worldSize()))];
    schedule();
  }
  function zoomBy(steps: number): void {
    zoom = clampZoom(zoom + steps);
    schedule();
  }

  button(t("map.zoomIn"), "+", () => zoomBy(1));
  button(t("map.zoomOut"), "−", () => zoomBy(-1));
  button(t("map.fit"), "⤢", () => {
    fit();
    schedule();
  });

  view.addEventListener("keydown", (event) => {
    if (event.target !== view) return;
    const step = 80;
    const moves: Record<string, () => void> = {
      ArrowLeft: () => pan(-step, 0),
      ArrowRight: () => pan(step, 0),
      ArrowUp: () => pan(0, -step),
      ArrowDown: () => pan(0, step),
      "+": () => zoomBy(1),
      "=": () => zoomBy(1),
      "-": () => zoomBy(-1),
      "0": () => {
        fit();
        schedule();
      },
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  });

  let drag: { x: number; y: number; id: number } | undefined;
  canvas.addEventListener("pointerdown", (event) => {
    drag = { x: event.clientX, y: event.clientY, id: event.pointerId };
    canvas.setPointerCapture(event.pointerId);
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!drag || drag.id !== event.pointerId) return;
    pan(drag.x - event.clientX, drag.y - event.clientY);
    drag = { ...drag, x: event.clientX, y: event.clientY };
  });
  const release = () => {
    drag = undefined;
  };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);
  canvas.addEventListener("dblclick", () => zoomBy(1));
  // The wheel zooms with Ctrl or ⌘ held (a trackpad's pinch is such a wheel); alone it scrolls
  // the page, which a map as tall as the screen would otherwise hold.
  view.addEventListener(
    "wheel",
    (event) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      zoomBy(event.deltaY < 0 ? 0.5 : -0.5);
    },
    { passive: false },
  );

  /** A place named by the address (`#place-…`, from a photo page): the map centred there. */
  function showPlace(): void {
    let id: string;
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch {
      // An address's fragment that is no text (#%E0): no place to show.
      return;
    }
    const index = data.places.findIndex(([placeId]) => placeId === id);
    const point = points.find((candidate) => candidate.place === index);
    if (!point) return;
    centre = point.xy;
    zoom = Math.max(zoom, placeZoom);
    schedule();
  }

  const resize = () => {
    const box = view.getBoundingClientRect();
    width = box.width;
    height = box.height;
    schedule();
  };
  new ResizeObserver(resize).observe(view);
  const box = view.getBoundingClientRect();
  width = box.width;
  height = box.height;
  fit();
  showPlace();
  window.addEventListener("hashchange", showPlace);
  // The theme changed (the toggle, or the system's): the canvas is drawn again in its colours.
  new MutationObserver(() => {
    drawnView = "";
    schedule();
  }).observe(document.documentElement, { attributeFilter: ["class"] });
  frame.dataset.mapReady = "";
  schedule();
}

if (frame) void start(frame);
