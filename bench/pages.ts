// The pages the benchmark measures: one of each page type.
export interface BenchPage {
  /** Page type, as the table names it. */
  type: "home" | "page" | "post" | "photo" | "archive";
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
