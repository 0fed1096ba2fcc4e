import { isActive, setOn, useSlideshow } from "./store.ts";

export interface SlideshowToggleProps {
  /** Whether there are photographs to show. */
  available: boolean;
}

/**
 * Turns the background slideshow on and off. `aria-pressed` is the slideshow's
 * active state, shared with the backdrop island through the slideshow store.
 */
export default function SlideshowToggle({ available }: SlideshowToggleProps) {
  const state = useSlideshow();
  const label = !available
    ? "No photographs to show"
    : state.on
      ? "Turn the slideshow off"
      : "Turn the slideshow on";
  return (
    <>
      {/* Enabled from the first paint: a press before hydration is held and replayed by the
          module loader (client/runtime/modules.ts). */}
      <button
        type="button"
        disabled={!available}
        aria-pressed={isActive(state)}
        aria-label="Slideshow"
        aria-describedby={available ? undefined : "slideshow-unavailable"}
        title={label}
        onClick={() => setOn(!state.on)}
        className="icon-button"
      >
        <span aria-hidden="true" className="icon icon-images" />
      </button>
      {!available && (
        <span id="slideshow-unavailable" className="sr-only">
          No photographs to show
        </span>
      )}
    </>
  );
}
