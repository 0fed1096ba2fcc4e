// The pages the benchmark measures: one of each page type.
export interface BenchPage {
  /** Page type, as the table names it. */
  type:
    | "home"
    | "page"
    | "post"
    | "photo"
    | "archive"
    | "photos"
    | "tag"
    | "search"
    | "contact"
    | "camera"
    | "map";
  path: string;
}

export const PAGES: readonly BenchPage[] = [
  { type: "home", path: "/" },
  { type: "page", path: "/portfolio" },
  { type: "post", path: "/post/autumn-in-the-basque-mountains" },
  // The storm photograph: a photograph's own page, with camera details.
  { type: "photo", path: "/portfolio/photo/b2i6" },
  { type: "archive", path: "/archive" },
];

/**
 * Lighthouse measures every template: also the collection pages (every photograph, a tag, a
 * camera and a search: their HTML and throughput grow with the content, measured by the scale
 * run instead), the contact page (a page's template plus the form) and the map (its list is the
 * first paint; the map module and its tiles come after it).
 */
export const LIGHTHOUSE_PAGES: readonly BenchPage[] = [
  ...PAGES,
  { type: "photos", path: "/photos" },
  { type: "tag", path: "/tag/landscape" },
  { type: "search", path: "/search?q=mountain" },
  { type: "contact", path: "/contact" },
  { type: "camera", path: "/camera/sony-dsc-rx100m4" },
  { type: "map", path: "/map" },
];
