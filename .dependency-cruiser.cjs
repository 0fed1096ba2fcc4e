// The import rules of the codebase, checked by `npm test` (npm run check:imports). Layers are
// listed once, top to bottom: a module may import from its own folder and from the layers below
// its own, never from a layer above it. docs/layout.md explains each layer.
const FEATURES = [
  "pages",
  "photo-viewer",
  "discovery",
  "feeds",
  "publishing",
  "builds",
  "inquiries",
  "galleries",
  "store",
  "booking",
  "insights",
  "sales-mail",
];

// The tree's parts: the tools above the product they measure, drive or stand in for.
const PARTS = [
  // Measures everything.
  ["bench", "^bench/"],
  // The owner's commands: they may talk to the demo (its publish webhook, its upload limits).
  ["cli", "^cli/"],
  // The stand-ins for Sanity, Stripe and the print lab, and the demo's dataset.
  ["demo", "^demo/"],
  // The site: worker/ and client/ never import each other (below).
  ["product", "^(worker|client)/"],
  ["shared", "^shared/"],
];

// The worker's layers.
const LAYERS = [
  ["entry", "^worker/(index|gateway|app)\\.tsx?$"],
  // One folder per feature, each a Hono app of its own; one imports another only through its
  // index.ts (the rule below).
  ["features", `^worker/(${FEATURES.join("|")})/`],
  ["middleware", "^worker/middleware/"],
  ["render", "^worker/render/"],
  ["preview", "^worker/preview/"],
  ["request", "^worker/request/"],
  ["views", "^worker/views/"],
  ["seo", "^worker/seo/"],
  ["content", "^worker/content/"],
  ["config", "^worker/config/"],
  ["lib", "^worker/(lib|errors|i18n)/"],
];

// Tests may reach anything they check.
const TEST = "\\.test\\.tsx?$";

const upward = (layers) =>
  layers.flatMap(([name, path], index) =>
    layers.slice(0, index).map(([above, abovePath]) => ({
      name: `${name}-not-to-${above}`,
      comment: `The ${name} layer may not import from the ${above} layer above it.`,
      severity: "error",
      from: { path, pathNot: TEST },
      to: { path: abovePath },
    })),
  );

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upward(PARTS),
    ...upward(LAYERS),
    {
      name: "features-through-their-index",
      comment:
        "A feature imports another only through its index.ts, the other's public face; what " +
        "lies behind it is the other's own. No cycles (below) keeps two features from leaning " +
        "on each other.",
      severity: "error",
      from: { path: `^worker/(${FEATURES.join("|")})/`, pathNot: TEST },
      to: {
        path: `^worker/(${FEATURES.join("|")})/`,
        pathNot: ["^worker/$1/", `^worker/(${FEATURES.join("|")})/index\\.tsx?$`],
      },
    },
    {
      name: "no-cycles",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "worker-not-to-client",
      comment:
        "What the worker and the browser both follow (the slug rule, the contact form's rules, " +
        "the browser-module manifest, the islands the worker renders and the browser hydrates) " +
        "lives in shared/; the worker never imports the browser's own code.",
      severity: "error",
      from: { path: "^worker/", pathNot: TEST },
      to: { path: "^client/" },
    },
    {
      name: "client-not-to-worker",
      comment: "What ships to browsers never bundles server code.",
      severity: "error",
      from: { path: "^client/" },
      to: { path: "^worker/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^worker/worker-configuration\\.d\\.ts$" },
    // TypeScript 7 has no JavaScript API yet, which dependency-cruiser's own parser needs; swc
    // parses TypeScript and reports type-only imports too, so those cannot climb either.
    parser: "swc",
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
