import { useI18n } from "../i18n.tsx";

interface PaginationProps {
  /** 1-based. */
  slice: number;
  slices: number;
  /** The address of a slice. */
  href: (slice: number) => string;
  /** The navigation's name ("Pages of photographs"). */
  label: string;
  /** The words of the previous and next links ("Newer" and "Older" by default). */
  previous?: string;
  next?: string;
  /**
   * The next link is where more of a photo grid comes from: with JavaScript, the grid loads
   * it as the visitor nears the end (client/discovery/more-photos.ts); the link stays a link.
   */
  more?: boolean;
  /**
   * How many slices are named on each side of the current one; the rest are reachable through
   * the first and the last. `Infinity` names every slice (the archive: any post two clicks away).
   */
  around?: number;
}

/**
 * The numbered slices of a long list: previous, the first, a window around the current one,
 * the last, next. A slice is a page of its own address, so every slice works without
 * JavaScript and is cached on its own; any slice is at most a few clicks away.
 */
export function Pagination({
  slice,
  slices,
  href,
  label,
  previous,
  next,
  more = false,
  around = 2,
}: PaginationProps) {
  const { t } = useI18n();
  if (slices <= 1) return null;
  const shown: (number | "gap")[] = [];
  for (let number = 1; number <= slices; number++) {
    const near = Math.abs(number - slice) <= around;
    if (number === 1 || number === slices || near) shown.push(number);
    else if (shown.at(-1) !== "gap") shown.push("gap");
  }
  return (
    <nav aria-label={label} className="archive-pages" data-pagination="">
      {slice > 1 && (
        <a href={href(slice - 1)} rel="prev">
          <span aria-hidden="true" className="mirror">
            ←
          </span>{" "}
          {previous ?? t("pagination.newer")}
        </a>
      )}
      <ol>
        {shown.map((number, index) =>
          number === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 py-1.5">
              …
            </li>
          ) : (
            <li key={number}>
              <a href={href(number)} aria-current={number === slice ? "page" : undefined}>
                <span className="sr-only">{t("pagination.page")} </span>
                {number}
              </a>
            </li>
          ),
        )}
      </ol>
      {slice < slices && (
        <a href={href(slice + 1)} rel="next" data-photo-more={more ? "" : undefined}>
          {next ?? t("pagination.older")}{" "}
          <span aria-hidden="true" className="mirror">
            →
          </span>
        </a>
      )}
    </nav>
  );
}
