// The slug rule is shared with the browser's scripts, so it lives in client/content/rules.ts
// (which the layer rules let the worker import); content code imports it from here.
export { isSlug, SLUG_MAX_LENGTH, SLUG_PATTERN } from "../../client/content/rules.ts";
