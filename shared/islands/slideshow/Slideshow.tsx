import { useEffect, useState } from "react";
import { afterLoadAndIdle } from "../../browser/after-load.ts";
import { saveData } from "../../browser/save-data.ts";
import { isActive, markLoaded, resumeSlide, saveSlide, useSlideshow } from "./store.ts";

/**
 * One photograph as the server embeds it: everything the browser needs, no API calls. No alt
 * text: the backdrop is decoration (hidden from assistive technology); photographs are
 * described where they appear as content.
 */
export interface Slide {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  lqip?: string;
  color?: string;
}

export interface SlideshowProps {
  slides: Slide[];
  /** Milliseconds between crossfades. */
  interval: number;
}

/** The page-transition settle delay before the first crossfade. */
const SETTLE_MS = 100;

/**
 * The background photographs. The server renders the first one; in the browser this resumes
 * the session's slide and, once the page has loaded and the browser is idle, crossfades every
 * `interval`, fetching only the next photograph ahead. It pauses while the tab is hidden and
 * never auto-advances under reduced motion or Save-Data.
 */
export default function Slideshow({ slides, interval }: SlideshowProps) {
  const store = useSlideshow();
  const active = isActive(store);
  // `prev` stays underneath while `index` fades in over it.
  const [view, setView] = useState({ index: 0, prev: -1 });
  const [settled, setSettled] = useState(false);
  const count = slides.length;

  useEffect(() => {
    const resume = resumeSlide % count;
    if (resume > 0) setView({ index: resume, prev: -1 });
    return afterLoadAndIdle(() => setSettled(true), SETTLE_MS);
  }, [count]);

  // The session's slide is on screen: the head script's stand-in is no longer needed.
  useEffect(() => {
    if (view.index === resumeSlide % count) document.documentElement.removeAttribute("data-slide");
  }, [view.index, count]);

  useEffect(() => {
    if (!active || !settled || count < 2 || saveData()) return;
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const next = (view.index + 1) % count;
    const slide = slides[next] as Slide;
    // Preload only the next photograph, decoded so the crossfade never shows a half image.
    const image = new Image();
    image.sizes = "100vw";
    image.srcset = slide.srcSet;
    image.src = slide.src;
    const ready = image.decode().catch(() => {});
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const schedule = () => {
      clearTimeout(timer);
      if (document.hidden) return; // paused while the tab is hidden
      timer = setTimeout(
        () => ready.then(() => live && setView({ index: next, prev: view.index })),
        interval,
      );
    };
    schedule();
    document.addEventListener("visibilitychange", schedule);
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", schedule);
    };
  }, [active, settled, view.index, count, interval, slides]);

  const loaded = (i: number, image: HTMLImageElement) => {
    markLoaded();
    saveSlide(i, image.currentSrc, slides[i]?.color);
  };

  const layer = (i: number, current: boolean) => {
    const slide = slides[i] as Slide;
    return (
      <img
        key={i}
        src={slide.src}
        srcSet={slide.srcSet}
        sizes="100vw"
        width={slide.width}
        height={slide.height}
        alt=""
        // The server's photograph waits for the first paint (worker/views/Backdrop.tsx): lazy,
        // so that it is not fetched while the head script keeps the backdrop unrendered.
        loading={i === 0 ? "lazy" : "eager"}
        fetchPriority="low"
        // Decoded off the critical path: a frame never waits for the backdrop (the crossfade
        // decodes the next photograph ahead itself).
        decoding="async"
        data-slide={i}
        data-current={current ? "" : undefined}
        className={current && view.prev >= 0 ? "slide slide-in" : "slide"}
        style={{
          backgroundColor: slide.color,
          backgroundImage: slide.lqip ? `url(${slide.lqip})` : undefined,
        }}
        onLoad={current ? (event) => loaded(i, event.currentTarget) : undefined}
        // The first photograph may finish before hydration, when no `load` listener exists yet.
        ref={
          current
            ? (image) => void (image?.complete && image.naturalWidth && loaded(i, image))
            : undefined
        }
        onAnimationEnd={() => setView((v) => ({ ...v, prev: -1 }))}
      />
    );
  };

  return (
    <div className="slides" data-active={active}>
      {view.prev >= 0 && view.prev !== view.index && layer(view.prev, false)}
      {layer(view.index, true)}
    </div>
  );
}
