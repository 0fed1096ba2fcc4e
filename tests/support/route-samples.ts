// Concrete requests for every GET route of the app, shared by the suites that drive the real
// local server (the fuzz, the soak) and by the benchmark's soak. The worker tests check that
// every route the app registers has a sample here and that each sample reaches its route
// (tests/worker/routes.test.ts).

/** A sample path of one route: what a browser's GET of it answers, and the query it reads. */
export interface RouteSample {
  path: string;
  expect: number;
  /** Query parameters the route reads (hostile values go into them too). */
  params?: readonly string[];
  /** What kind of address it is: a page visitors read (the default), an endpoint or a feed. */
  group?: "app" | "feed";
}

/** A gallery id and a photo id of the right shapes that no gallery has. */
export const NO_GALLERY = "aaaaaaaaaaaaaaaaaaaaaaaaaa";
export const NO_PHOTO = "0123456789abcdef0123456789abcdef";

/** Concrete paths for each GET route, by its pattern as the app registers it. */
export const ROUTE_SAMPLES: Readonly<Record<string, readonly RouteSample[]>> = {
  "/": [
    { path: "/", expect: 200 },
    // The demo's further language (German); the site's own at a prefix is one redirect; a
    // language the site is not in is nothing.
    { path: "/de", expect: 200 },
    { path: "/en", expect: 301 },
    { path: "/fr", expect: 404 },
  ],
  "/200": [{ path: "/200", expect: 200 }],
  "/404": [{ path: "/404", expect: 404 }],
  "/archive": [{ path: "/archive", expect: 200 }],
  "/archive/page/:page": [
    { path: "/archive/page/1", expect: 301 },
    { path: "/archive/page/2", expect: 404 },
  ],
  "/post/:slug": [
    { path: "/post/autumn-in-the-basque-mountains", expect: 200 },
    { path: "/de/post/autumn-in-the-basque-mountains", expect: 200 },
  ],
  "/post/:slug/photo/:key": [
    { path: "/post/autumn-in-the-basque-mountains/photo/cover", expect: 200 },
    { path: "/de/post/autumn-in-the-basque-mountains/photo/cover", expect: 200 },
  ],
  // A region of the private original where the owner lets the zoom reach it (the elephants),
  // refused where it stops at the public size (every other demo photograph).
  "/post/:slug/photo/:key/region": [
    {
      path: "/post/autumn-in-the-basque-mountains/photo/cover/region?rect=0,0,100,100&w=100",
      expect: 403,
      params: ["rect", "w"],
    },
  ],
  "/:slug{contact}": [
    // The contact page reads `photo`: every hostile value goes into it too.
    { path: "/contact", expect: 200, params: ["photo"] },
    { path: "/contact?photo=portfolio/b2i1", expect: 200 },
  ],
  "/contact/thanks": [{ path: "/contact/thanks", expect: 200 }],
  "/:slug{(?!post$)[^/]+}": [
    { path: "/imprint", expect: 200 },
    { path: "/portfolio", expect: 200 },
    { path: "/no-such-page", expect: 404 },
    { path: "/de/portfolio", expect: 200 },
    { path: "/de/imprint", expect: 200 },
  ],
  "/:slug{(?!post$)[^/]+}/photo/:key": [
    { path: "/portfolio/photo/b2i1", expect: 200 },
    { path: "/de/portfolio/photo/b2i1", expect: 200 },
  ],
  "/:slug{(?!post$)[^/]+}/photo/:key/region": [
    {
      path: "/portfolio/photo/b5i7/region?rect=0,0,400,300&w=200",
      expect: 200,
      params: ["rect", "w"],
    },
    { path: "/portfolio/photo/b2i1/region?rect=0,0,100,100&w=100", expect: 403 },
  ],
  "/photos": [{ path: "/photos", expect: 200 }],
  "/photos/page/:page": [
    { path: "/photos/page/1", expect: 301 },
    { path: "/photos/page/2", expect: 404 },
  ],
  "/tags": [{ path: "/tags", expect: 200 }],
  "/map": [
    { path: "/map", expect: 200, params: ["tag"] },
    { path: "/map?tag=landscape", expect: 200 },
    { path: "/map?tag=no-such-tag", expect: 404 },
  ],
  "/map/tiles/:z{(?:0|[1-9][0-9]?)}/:x{(?:0|[1-9][0-9]{0,5})}/:y{(?:0|[1-9][0-9]{0,5})\\.mvt}": [
    { path: "/map/tiles/0/0/0.mvt", expect: 200, group: "app" },
    { path: "/map/tiles/9/0/0.mvt", expect: 404, group: "app" },
  ],
  "/map/data.json": [
    { path: "/map/data.json", expect: 200, params: ["tag"], group: "app" },
    { path: "/map/data.json?tag=no-such-tag", expect: 404, group: "app" },
  ],
  "/tag/:slug": [
    { path: "/tag/landscape", expect: 200 },
    { path: "/tag/no-such-tag", expect: 404 },
  ],
  "/tag/:slug/page/:page": [{ path: "/tag/landscape/page/2", expect: 404 }],
  "/camera/:slug": [
    { path: "/camera/sony-dsc-rx100m4", expect: 200 },
    { path: "/camera/no-such-camera", expect: 404 },
  ],
  "/camera/:slug/page/:page": [{ path: "/camera/sony-dsc-rx100m4/page/1", expect: 301 }],
  "/lens/:slug": [{ path: "/lens/no-such-lens", expect: 404 }],
  "/lens/:slug/page/:page": [{ path: "/lens/no-such-lens/page/2", expect: 404 }],
  "/search": [
    // The one page that reads its query: every hostile value goes into `q` too.
    { path: "/search", expect: 200, params: ["q"] },
    { path: "/search?q=mountain", expect: 200 },
    { path: "/de/search", expect: 200, params: ["q"] },
  ],
  "/rss.xml": [
    { path: "/rss.xml", expect: 200, group: "feed" },
    { path: "/de/rss.xml", expect: 200, group: "feed" },
  ],
  "/sitemap.xml": [{ path: "/sitemap.xml", expect: 200, group: "feed" }],
  "/:file{sitemap-[1-9][0-9]{0,3}\\.xml}": [{ path: "/sitemap-2.xml", expect: 404, group: "feed" }],
  "/robots.txt": [{ path: "/robots.txt", expect: 200, group: "feed" }],
  "/_app/builds/latest.json": [{ path: "/_app/builds/latest.json", expect: 200, group: "app" }],
  "/_app/builds/meta/:file{[a-z0-9]+\\.json}": [
    { path: "/_app/builds/meta/0.json", expect: 404, group: "app" },
  ],
  "/_app/inquiries/stamp": [{ path: "/_app/inquiries/stamp", expect: 200, group: "app" }],
  "/_app/preview/enable": [
    {
      path: "/_app/preview/enable",
      params: ["sanity-preview-secret", "sanity-preview-pathname", "sanity-preview-perspective"],
      expect: 401,
      group: "app",
    },
  ],
  "/_app/preview/disable": [
    { path: "/_app/preview/disable", params: ["redirect"], expect: 303, group: "app" },
  ],
  // Booking: the kinds of session, one's free times (a day of them by its query), a hold of
  // the right shape that nobody made.
  "/book": [
    { path: "/book", expect: 200, group: "app" },
    { path: "/de/book", expect: 200, group: "app" },
  ],
  "/book/:session{[a-z0-9]+(?:-[a-z0-9]+)*}": [
    { path: "/book/portrait", expect: 200, group: "app", params: ["day"] },
    { path: "/de/book/family-afternoon?day=2027-01-05", expect: 200, group: "app" },
    { path: "/book/wedding", expect: 404, group: "app" },
  ],
  "/book/calendar/:file{[A-Za-z0-9_-]{43}\\.ics}": [
    { path: `/book/calendar/${"a".repeat(43)}.ics`, expect: 404, group: "feed" },
  ],
  "/book/held/:hold": [
    { path: "/book/held/0b7e6f43-2c1d-4a5e-9f00-123456789abc", expect: 404, group: "app" },
  ],
  // A booking's signed contract and its invoice: nothing for a booking nobody made.
  "/book/held/:hold/contract.pdf": [
    {
      path: "/book/held/0b7e6f43-2c1d-4a5e-9f00-123456789abc/contract.pdf",
      expect: 404,
      group: "app",
    },
  ],
  "/book/held/:hold/invoices/:kind{(?:deposit|balance(?:-[2-4])?|refund)}": [
    {
      path: "/book/held/0b7e6f43-2c1d-4a5e-9f00-123456789abc/invoices/deposit",
      expect: 404,
      group: "app",
    },
    {
      path: "/book/held/0b7e6f43-2c1d-4a5e-9f00-123456789abc/invoices/balance",
      expect: 404,
      group: "app",
    },
    {
      path: "/book/held/0b7e6f43-2c1d-4a5e-9f00-123456789abc/invoices/balance-3",
      expect: 404,
      group: "app",
    },
    {
      path: "/book/held/0b7e6f43-2c1d-4a5e-9f00-123456789abc/invoices/refund",
      expect: 404,
      group: "app",
    },
  ],
  "/book/held/:hold/invoices/:kind{(?:deposit|balance(?:-[2-4])?|refund)\\.pdf}": [
    {
      path: "/de/book/held/0b7e6f43-2c1d-4a5e-9f00-123456789abc/invoices/deposit.pdf",
      expect: 404,
      group: "app",
    },
  ],
  // The store: the cart (empty without a cookie) and an order id of the right shape that no
  // order has.
  "/cart": [
    { path: "/cart", expect: 200, group: "app" },
    { path: "/de/cart", expect: 200, group: "app" },
  ],
  // A cart left behind, put back by its e-mail's link: an order that is not there is no cart.
  "/cart/again/:order{[A-Za-z0-9_-]{32}}": [
    { path: `/cart/again/${"a".repeat(32)}`, expect: 303, group: "app", params: ["code"] },
  ],
  // An automated e-mail's links: a click, and its unsubscribe page; no such e-mail, nothing.
  "/m/:mail{[A-Za-z0-9_-]{22}}/:n{[0-9]{1,2}}": [
    { path: `/m/${"a".repeat(22)}/0`, expect: 404, group: "app" },
  ],
  "/unsubscribe/:mail{[A-Za-z0-9_-]{22}}": [
    { path: `/unsubscribe/${"a".repeat(22)}`, expect: 404, group: "app" },
  ],
  "/order/:order{[A-Za-z0-9_-]{32}}": [
    { path: `/order/${"a".repeat(32)}`, expect: 404, group: "app" },
  ],
  // A licence's download and a print's file for the lab: unsigned, they are nothing.
  "/order/:order{[A-Za-z0-9_-]{32}}/download/:line{[1-9][0-9]{0,2}}": [
    { path: `/order/${"a".repeat(32)}/download/1`, expect: 404, group: "app" },
  ],
  "/_app/store/print/:order{[A-Za-z0-9_-]{32}}/:line{[1-9][0-9]{0,2}}": [
    { path: `/_app/store/print/${"a".repeat(32)}/1`, expect: 404, group: "app" },
  ],
  // Client galleries: an id of the right shape that no gallery has, and the owner's upload.
  "/g/:gallery": [{ path: `/g/${NO_GALLERY}`, expect: 404, group: "app" }],
  "/g/:gallery/p/:photo": [{ path: `/g/${NO_GALLERY}/p/${NO_PHOTO}`, expect: 404, group: "app" }],
  "/g/:gallery/photo/:photo/original": [
    { path: `/g/${NO_GALLERY}/photo/${NO_PHOTO}/original`, expect: 404, group: "app" },
  ],
  "/g/:gallery/photo/:photo/region": [
    {
      path: `/g/${NO_GALLERY}/photo/${NO_PHOTO}/region`,
      params: ["rect", "w"],
      expect: 404,
      group: "app",
    },
  ],
  "/g/:gallery/photo/:photo/:size{[1-9][0-9]*\\.(?:webp|jpg)}": [
    { path: `/g/${NO_GALLERY}/photo/${NO_PHOTO}/480.webp`, expect: 404, group: "app" },
  ],
  "/g/:gallery/download/:photo": [
    { path: `/g/${NO_GALLERY}/download/${NO_PHOTO}`, expect: 404, group: "app" },
  ],
  "/g/:gallery/download": [{ path: `/g/${NO_GALLERY}/download`, expect: 404, group: "app" }],
  "/g/:gallery/cover/:size{(?:640|960|1600)\\.webp}": [
    { path: `/g/${NO_GALLERY}/cover/960.webp`, expect: 404, group: "app" },
  ],
  "/g/:gallery/client/confirm": [
    {
      path: `/g/${NO_GALLERY}/client/confirm?email=a%40b.co&until=1&sig=AA`,
      expect: 303,
      group: "app",
    },
  ],
  "/_app/galleries/:gallery/photos/:photo": [
    { path: `/_app/galleries/${NO_GALLERY}/photos/${NO_PHOTO}`, expect: 401, group: "app" },
  ],
  "/_app/galleries/:gallery/photos/:photo/original": [
    {
      path: `/_app/galleries/${NO_GALLERY}/photos/${NO_PHOTO}/original`,
      expect: 401,
      group: "app",
    },
  ],
  "/_app/galleries/:gallery/photos/:photo/marked/:file": [
    {
      path: `/_app/galleries/${NO_GALLERY}/photos/${NO_PHOTO}/marked/480.webp`,
      expect: 401,
      group: "app",
    },
  ],
  "/_app/originals/:asset": [
    {
      path: "/_app/originals/image-0123456789abcdef0123456789abcdef01234567-100x100-jpg",
      expect: 401,
      group: "app",
    },
  ],
  "/_app/galleries/:gallery/proofing": [
    { path: `/_app/galleries/${NO_GALLERY}/proofing`, expect: 401, group: "app" },
  ],
};
