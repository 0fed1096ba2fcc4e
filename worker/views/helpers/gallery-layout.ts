/**
 * Gallery columns per viewport width, and the matching `sizes` attribute. The two must agree,
 * or the browser downloads renditions of the wrong width, so both come from one table.
 */

export type Measure = "prose" | "wide";

interface Step {
  /** Viewport width (CSS px) from which this step applies. */
  minWidth: number;
  columns: number;
  /** Sets --gallery-columns; a literal class name, so that Tailwind finds it in the source. */
  className: string;
}

/**
 * "wide": the portfolio, full width up to 2400 px — 1 column on phones, 4 on large screens.
 * "prose": a gallery inside a post's reading column (at most 42rem).
 */
const STEPS: Record<Measure, readonly Step[]> = {
  wide: [
    { minWidth: 0, columns: 1, className: "[--gallery-columns:1]" },
    { minWidth: 640, columns: 2, className: "sm:[--gallery-columns:2]" },
    { minWidth: 1280, columns: 3, className: "xl:[--gallery-columns:3]" },
    { minWidth: 1920, columns: 4, className: "min-[120rem]:[--gallery-columns:4]" },
  ],
  prose: [
    { minWidth: 0, columns: 1, className: "[--gallery-columns:1]" },
    { minWidth: 640, columns: 2, className: "sm:[--gallery-columns:2]" },
    { minWidth: 1024, columns: 3, className: "lg:[--gallery-columns:3]" },
  ],
};

/** The widest the gallery's box ever gets, in CSS px (see the page containers). */
export const MAX_GALLERY_WIDTH: Record<Measure, number> = { wide: 2300, prose: 672 };

/**
 * What a phone's screen keeps beside a page's content: the page's padding and its panel's, on
 * both sides (`px-4` and `px-5` in PageView and PostView). On a 412 px screen the content is
 * 340 px wide, not 412: without it, a phone would take the next larger rendition.
 */
export const PHONE_GUTTERS = "4.5rem";

export function galleryColumnClasses(measure: Measure): string {
  return STEPS[measure].map((step) => step.className).join(" ");
}

/**
 * The `sizes` of one photograph: a column's share of the viewport, capped by the container's
 * maximum width. A gallery with fewer photographs than columns keeps the same column width
 * (see `.gallery-columns` in app.css), so this holds for every gallery. Widest step first,
 * since the browser takes the first condition that matches.
 */
export function gallerySizes(measure: Measure): string {
  const max = MAX_GALLERY_WIDTH[measure];
  return [...STEPS[measure]]
    .reverse()
    .map(({ minWidth, columns }) => {
      const viewport =
        columns === 1 ? `calc(100vw - ${PHONE_GUTTERS})` : `${Math.round(100 / columns)}vw`;
      const share = `min(${viewport}, ${Math.round(max / columns)}px)`;
      return minWidth === 0 ? share : `(min-width: ${minWidth}px) ${share}`;
    })
    .join(", ");
}
