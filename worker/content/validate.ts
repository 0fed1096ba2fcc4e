import type {
  ArchivePage,
  CameraData,
  FeedContent,
  HomeContent,
  ImageAsset,
  PageDocument,
  PostDocument,
  SiteIndex,
  SiteSettingsDocument,
} from "./model.ts";

/** Shape checks for what the content service returns: enough to never render garbage. */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === "string";

const optionalArray = (value: unknown) =>
  value === null || value === undefined || Array.isArray(value);

const optionalString = (value: unknown) =>
  value === null || value === undefined || typeof value === "string";

export function isImageAsset(value: unknown): value is ImageAsset {
  return (
    isObject(value) &&
    isString(value._id) &&
    isString(value.url) &&
    typeof value.width === "number" &&
    typeof value.height === "number"
  );
}

/** null is a valid answer: no document has that slug. */
export function isPageDocument(value: unknown): value is PageDocument | null {
  return (
    value === null ||
    (isObject(value) && isString(value.title) && isString(value.slug) && optionalArray(value.body))
  );
}

export function isPostDocument(value: unknown): value is PostDocument | null {
  return (
    value === null ||
    (isObject(value) &&
      isString(value.title) &&
      isString(value.slug) &&
      isString(value.publishedAt) &&
      optionalArray(value.body))
  );
}

/** The post query's answer: the post (null when none is published under that slug). */
export function isPostAnswer(value: unknown): value is { post?: PostDocument | null } {
  return isObject(value) && isPostDocument(value.post ?? null);
}

export function isHomeContent(value: unknown): value is HomeContent {
  return (
    isObject(value) &&
    Array.isArray(value.posts) &&
    value.posts.every((post) => isObject(post) && isString(post.title) && isString(post.slug))
  );
}

export function isSiteIndex(value: unknown): value is SiteIndex {
  return isObject(value) && Array.isArray(value.pages) && Array.isArray(value.posts);
}

export function isArchivePage(value: unknown): value is ArchivePage {
  return isHomeContent(value) && typeof (value as { total?: unknown }).total === "number";
}

export const isFeedContent = (value: unknown): value is FeedContent => isHomeContent(value);

/** null is a valid answer: the asset is gone. */
export function isCameraData(value: unknown): value is CameraData | null {
  return (
    value === null ||
    (isObject(value) &&
      (value.exif === null || value.exif === undefined || isObject(value.exif)) &&
      (value.image === null || value.image === undefined || isObject(value.image)))
  );
}

/** null is a valid answer: the owner has not created the settings document. */
export function isSiteSettingsDocument(value: unknown): value is SiteSettingsDocument | null {
  return (
    value === null ||
    (isObject(value) &&
      ["title", "brand", "description", "ownerName", "email"].every((field) =>
        optionalString(value[field]),
      ) &&
      optionalArray(value.socialLinks) &&
      optionalArray(value.navigation) &&
      optionalArray(value.intro))
  );
}

/** When the next scheduled post goes live, as every post query answers it (null: none). */
export function nextScheduled(value: unknown): number | undefined {
  if (!isObject(value) || !isString(value.nextScheduled)) return undefined;
  const at = Date.parse(value.nextScheduled);
  return Number.isNaN(at) ? undefined : at;
}
