import type { SlideshowProps } from "../../client/islands/slideshow/Slideshow.tsx";
import { Island } from "./Island.tsx";
import { preloadLargestPaint } from "./parts/ResponsiveImage.tsx";

/**
 * The full-viewport layer of photographs behind every page that has them: decoration, hidden
 * from assistive technology. The server renders the first photograph in place; when the page
 * has no photograph of its own to lead with, that one is the largest paint and is preloaded
 * from <head> at high priority, so it needs no JavaScript. The Slideshow island takes over
 * after hydration. `view-transition-name: backdrop` (in app.css) keeps it in place across
 * page navigations.
 */
export function Backdrop({ slideshow }: { slideshow: SlideshowProps }) {
  const first = slideshow.slides[0];
  if (first && slideshow.lead) preloadLargestPaint(first, "100vw");
  return (
    <div className="backdrop" data-backdrop="" aria-hidden="true">
      <Island name="Slideshow" props={slideshow} />
    </div>
  );
}
