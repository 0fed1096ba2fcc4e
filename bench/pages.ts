// The pages the benchmark measures: one of each page type.
export interface BenchPage {
  /** Page type, as the table names it. */
  type: "home" | "page" | "post";
  path: string;
}

export const PAGES: readonly BenchPage[] = [
  { type: "home", path: "/" },
  { type: "page", path: "/portfolio" },
  { type: "post", path: "/post/autumn-in-the-basque-mountains" },
];
