import { isActive, setOn, useSlideshow } from "./store.ts";

export interface SlideshowToggleProps {
  /** Whether there are photographs to show. */
  available: boolean;
  /**
   * Its name and what it does, in the page's language (the server writes them): turning the
   * slideshow off and on, or, without photographs, why it cannot.
   */
  labels: { name: string } & ({ off: string; on: string } | { none: string });
}

/**
 * Turns the background slideshow on and off. `aria-pressed` is the slideshow's
 * active state, shared with the backdrop island through the slideshow store.
 */
export default function SlideshowToggle({ available, labels }: SlideshowToggleProps) {
  const state = useSlideshow();
  const label = "none" in labels ? labels.none : state.on ? labels.off : labels.on;
  return (
    <>
      {/* Enabled from the first paint: a press before hydration is held and replayed by the
          module loader (client/runtime/modules.ts). */}
      <button
        type="button"
        disabled={!available}
        aria-pressed={isActive(state)}
        aria-label={labels.name}
        aria-describedby={available ? undefined : "slideshow-unavailable"}
        title={label}
        onClick={() => setOn(!state.on)}
        className="icon-button"
      >
        <span aria-hidden="true" className="icon icon-images" />
      </button>
      {"none" in labels && (
        <span id="slideshow-unavailable" className="sr-only">
          {labels.none}
        </span>
      )}
    </>
  );
}
