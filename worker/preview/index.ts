export { inPreview } from "./cookie.ts";
export { preview } from "./endpoints.ts";
export { framedByStudio, previewMode } from "./middleware.ts";
