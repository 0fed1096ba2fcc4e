import { ImagesIcon } from "./icons.tsx";

export interface SlideshowToggleProps {
  /** Whether there are photographs to show. */
  available: boolean;
}

/** L6 / S1: turns the background slideshow on and off. */
export default function SlideshowToggle({ available }: SlideshowToggleProps) {
  return (
    <>
      <button
        type="button"
        disabled={!available}
        aria-pressed={false}
        aria-label="Slideshow"
        aria-describedby={available ? undefined : "slideshow-unavailable"}
        className="focus-ring inline-flex size-9 items-center justify-center rounded-full border border-neutral-300 text-neutral-700 disabled:opacity-60 dark:border-neutral-700 dark:text-neutral-200"
      >
        <ImagesIcon className="size-5" />
      </button>
      {!available && (
        <span id="slideshow-unavailable" className="sr-only">
          No photographs to show
        </span>
      )}
    </>
  );
}
