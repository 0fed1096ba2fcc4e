export { inPreview } from "./cookie.ts";
export { preview } from "./endpoints.ts";
export { previewMode } from "./middleware.ts";
