import type { CSSProperties } from "react";
import Slideshow, { type SlideshowProps } from "../../shared/islands/slideshow/Slideshow.tsx";
import { Island } from "./Island.tsx";

/**
 * The full-viewport layer of photographs behind every page that has them: decoration, hidden
 * from assistive technology. It is never the largest paint (a browser does not count an image
 * that covers the whole viewport as content), so its photograph waits for the first paint: the
 * head script keeps the layer unrendered until then (until it marks the page `data-painted`;
 * its lazy image is not fetched meanwhile) and the page's text, stylesheet and own photograph have the connection to
 * themselves. Until the photograph arrives, its LQIP and dominant colour show, painted by this
 * layer itself (or the session's current slide, which the head script paints from the browser
 * cache). The Slideshow island takes over when it hydrates. `view-transition-name: backdrop`
 * (in app.css) keeps it in place across page navigations.
 */
export function Backdrop({ slideshow }: { slideshow: SlideshowProps }) {
  const first = slideshow.slides[0];
  const placeholder = {
    "--lead-bg": first?.color,
    "--lead-lqip": first?.lqip ? `url(${JSON.stringify(first.lqip)})` : undefined,
  } as CSSProperties;
  return (
    <div className="backdrop" data-backdrop="" aria-hidden="true" style={placeholder}>
      <Island name="Slideshow" component={Slideshow} props={slideshow} />
    </div>
  );
}
