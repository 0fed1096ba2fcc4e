// Concrete requests for every route of the route table, shared by the suites that drive the real
// local server (the fuzz, the soak) and by the benchmark's soak. The fuzz checks that every route
// of the table has a sample and that each sample reaches its route.

/** A sample path of one route: what a browser's GET of it answers, and the query it reads. */
export interface RouteSample {
  path: string;
  expect: number;
  /** Query parameters the route's page reads (hostile values go into them too). */
  params?: readonly string[];
}

/** Concrete paths for each route of the features' route tables (worker/{feature}/routes.ts), by name. */
export const ROUTE_SAMPLES: Readonly<Record<string, readonly RouteSample[]>> = {
  home: [{ path: "/", expect: 200 }],
  blank: [{ path: "/200", expect: 200 }],
  "not-found": [{ path: "/404", expect: 404 }],
  archive: [{ path: "/archive", expect: 200 }],
  "archive-page": [
    { path: "/archive/page/1", expect: 301 },
    { path: "/archive/page/2", expect: 404 },
  ],
  post: [{ path: "/post/autumn-in-the-basque-mountains", expect: 200 }],
  "post-photo": [{ path: "/post/autumn-in-the-basque-mountains/photo/cover", expect: 200 }],
  contact: [
    // The contact page reads `photo`: every hostile value goes into it too.
    { path: "/contact", expect: 200, params: ["photo"] },
    { path: "/contact?photo=portfolio/b2i1", expect: 200 },
  ],
  "contact-thanks": [{ path: "/contact/thanks", expect: 200 }],
  page: [
    { path: "/imprint", expect: 200 },
    { path: "/portfolio", expect: 200 },
    { path: "/no-such-page", expect: 404 },
  ],
  "page-photo": [{ path: "/portfolio/photo/b2i1", expect: 200 }],
  photos: [{ path: "/photos", expect: 200 }],
  "photos-page": [
    { path: "/photos/page/1", expect: 301 },
    { path: "/photos/page/2", expect: 404 },
  ],
  tags: [{ path: "/tags", expect: 200 }],
  tag: [
    { path: "/tag/landscape", expect: 200 },
    { path: "/tag/no-such-tag", expect: 404 },
  ],
  "tag-page": [{ path: "/tag/landscape/page/2", expect: 404 }],
  camera: [
    { path: "/camera/sony-dsc-rx100m4", expect: 200 },
    { path: "/camera/no-such-camera", expect: 404 },
  ],
  "camera-page": [{ path: "/camera/sony-dsc-rx100m4/page/1", expect: 301 }],
  lens: [{ path: "/lens/no-such-lens", expect: 404 }],
  "lens-page": [{ path: "/lens/no-such-lens/page/2", expect: 404 }],
  search: [
    // The one page that reads its query: every hostile value goes into `q` too.
    { path: "/search", expect: 200, params: ["q"] },
    { path: "/search?q=mountain", expect: 200 },
  ],
};
