import type { Language } from "../../shared/i18n/languages.ts";
import { type Config, type ContentConfig, contentSettings } from "../config/config.ts";
import { log } from "../lib/log.ts";
import { TAGS } from "./cache-tags.ts";
import { type BackgroundTasks, cachedQuery } from "./content-cache.ts";
import { type ImageUrls, imageUrls } from "./image-urls.ts";
import { localizeAssets } from "./localize.ts";
import type {
  ArchiveSlice,
  CameraData,
  FeedContent,
  HomeContent,
  ImageAsset,
  PageDocument,
  PhotoCollection,
  PostDocument,
  SearchAnswer,
  SiteIndex,
  SiteSettingsDocument,
} from "./model.ts";
import {
  archiveQuery,
  backgroundImagesQuery,
  cameraQuery,
  feedQuery,
  homeQuery,
  pageBySlugQuery,
  photoIndexQuery,
  postBySlugQuery,
  SLIDESHOW_TAG,
  searchQuery,
  siteIndexQuery,
  siteSettingsQuery,
  storeQuery,
} from "./queries.ts";
import { ATTEMPT_TIMEOUT_MS, sanityClient } from "./sanity-client.ts";
import {
  nextScheduled,
  parseArchive,
  parseBackgroundImages,
  parseCamera,
  parseFeed,
  parseHome,
  parsePage,
  parsePhotoCollection,
  parsePostAnswer,
  parseSearch,
  parseSiteIndex,
  parseSiteSettings,
  parseStore,
  type StoreDocument,
} from "./validate.ts";

/**
 * A page answers well within 10 s even when the content service hangs: every query of one
 * request shares this budget (the settings, the page's own content and the slideshow are read
 * one after another), and a query started for it gives up after it too.
 */
export const QUERY_DEADLINE_MS = 8_000;

/** How many photographs and documents a search answers with at most. */
export const SEARCH_PHOTOS = 60;
export const SEARCH_DOCUMENTS = 20;

/** The answer was not what the query projects (invalid JSON, wrong shape): never rendered. */
export class MalformedContent extends Error {
  override name = "MalformedContent";
}

/** The slideshow lookup found nothing. */
export class NoBackgroundImages extends Error {
  override name = "NoBackgroundImages";
  constructor(tag: string) {
    super(`Background images not found for tag: ${tag}`);
  }
}

/** What a rendered page was built from, so that caches in front of it know how to keep it. */
export interface Provenance {
  /** Cache tags of everything read ("settings", "slideshow", "posts", "post:{slug}", …). */
  tags: string[];
  /** Until when (epoch ms) everything read is true: the next scheduled post, else forever. */
  validUntil: number;
  /** A read failed or gave a stale result: whatever is built from it must not be kept long. */
  degraded: boolean;
}

/** The language content is read in (`$language`) and the site's own (`$base`). */
export interface ContentLanguages {
  language: Language;
  base: Language;
}

/** How a request reads: whether it is draft preview, and the language its content is read in. */
export interface ReadMode {
  preview: boolean;
  /** Past the content cache: for what must be as it is now (a sale, an inquiry's photograph). */
  uncached?: boolean;
  /**
   * The language content is read in, and the site's own (whose text stands in for a missing
   * translation), asked at the first read of content (the site settings, which name them, are
   * read without); the site's setting for both by default.
   */
  languages?: () => Promise<ContentLanguages>;
}

export interface ContentSource {
  config: ContentConfig;
  /** Image CDN URLs for this configuration. */
  images: ImageUrls;
  /** The `siteSettings` singleton, or null when the owner has not created it. */
  settings(): Promise<SiteSettingsDocument | null>;
  /** The store's catalogue (`storeSettings`), or null when the owner has not created it. */
  store(): Promise<StoreDocument | null>;
  /** The latest published posts. */
  home(postLimit?: number): Promise<HomeContent>;
  /**
   * A page, in the request's language (`inBase`: in the site's own, whose body holds the
   * photographs every language shows).
   */
  page(slug: string, options?: DocumentRead): Promise<PageDocument | null>;
  post(slug: string, options?: DocumentRead): Promise<PostDocument | null>;
  siteIndex(): Promise<SiteIndex>;
  /** Posts `start` to `end` (exclusive) of all published posts, newest first, and their count. */
  archive(start: number, end: number): Promise<ArchiveSlice>;
  /** The latest posts for the RSS feed. */
  feed(postLimit: number): Promise<FeedContent>;
  /** A photograph's camera data (null when the asset is gone). */
  camera(assetId: string): Promise<CameraData | null>;
  /** Every published photograph, once each, newest first (content/collection.ts). */
  photos(): Promise<PhotoCollection>;
  /** Photographs (by asset id) and documents matching every one of `terms`, best first. */
  search(terms: string[]): Promise<SearchAnswer>;
  /** The slideshow's photographs; throws NoBackgroundImages when there are none. */
  backgroundImages(): Promise<ImageAsset[]>;
  provenance(): Provenance;
}

/** How a document is read: in the request's language, or in the site's own. */
export interface DocumentRead {
  inBase?: boolean;
}

/** A parser of validate.ts whose undefined (a malformed answer) throws, naming `what`. */
function expect<T>(parse: (value: unknown) => T | undefined) {
  return (value: unknown, what: string): T => {
    const parsed = parse(value);
    if (parsed === undefined)
      throw new MalformedContent(`The content service returned a malformed ${what}`);
    return parsed;
  };
}

/**
 * The content of one request: every query goes through the content cache (content-cache.ts),
 * and the source remembers which cache tags it touched and whether what it read may be kept.
 * In draft preview it reads drafts with the token, past every cache. The configuration is
 * checked here, before the first query, so a bad setting names itself.
 */
export function createContentSource(
  settings: Config,
  ctx: BackgroundTasks,
  path: string,
  mode: ReadMode,
): ContentSource {
  const config = contentSettings(settings, mode.preview);
  let languages: Promise<ContentLanguages> | undefined;
  const contentLanguages = () => {
    const own = settings.site.language;
    languages ??= mode.languages?.() ?? Promise.resolve({ language: own, base: own });
    return languages;
  };
  const deadline = Date.now() + QUERY_DEADLINE_MS;
  const client = sanityClient(config);
  let validUntil = Number.POSITIVE_INFINITY;
  let degraded = false;
  const tags = new Set<string>();

  /**
   * `what` names the content in logs ("home page", "slideshow", …); `tag` is its cache tag.
   * Content is read in the request's language (`$language`, else the site's own, `$base`: both
   * part of the cached result's key), except the site settings (`inLanguage: false`), which
   * name them.
   */
  async function run<T>(
    what: string,
    tag: string | string[],
    query: string,
    params: Record<string, unknown>,
    parse: (value: unknown, what: string) => T,
    { inLanguage = true, inBase = false } = {},
  ): Promise<T> {
    for (const each of Array.isArray(tag) ? tag : [tag]) tags.add(each);
    const asked = inLanguage ? await contentLanguages() : undefined;
    const languages = asked && inBase ? { language: asked.base, base: asked.base } : asked;
    const language = languages?.language;
    // Preview shows scheduled posts too: the owner checks them before they go live.
    const queryParams = { ...params, showScheduled: mode.preview, ...languages };
    const deadlineMs = Math.max(0, deadline - Date.now());
    const read = cachedQuery({
      config,
      ctx,
      query,
      params: queryParams,
      deadlineMs,
      // With a last good answer to fall back on, one attempt's time is long enough to wait.
      fallbackAfterMs: Math.min(deadlineMs, ATTEMPT_TIMEOUT_MS),
      // Results that list or show posts are true only until the next scheduled post goes live.
      expiresAt: nextScheduled,
      uncached: mode.uncached ?? false,
      load: async () => {
        const response: unknown = await client.fetch(query, queryParams, {
          filterResponse: false,
          signal: AbortSignal.timeout(QUERY_DEADLINE_MS),
        });
        if (typeof response !== "object" || response === null || !("result" in response)) {
          throw new MalformedContent("The content service answered without a result");
        }
        return parse(language ? localizeAssets(response.result, language) : response.result, what);
      },
      onStale: (error) =>
        log.warn("Content unavailable; serving the last good result", {
          path,
          content: what,
          error: String(error),
        }),
    });
    try {
      const { result, expiresAt, stale } = await read;
      if (expiresAt !== undefined) validUntil = Math.min(validUntil, expiresAt);
      if (stale) degraded = true;
      return result;
    } catch (error) {
      degraded = true;
      throw error;
    }
  }

  return {
    config,
    images: imageUrls(config),
    settings: () =>
      run("site settings", TAGS.settings, siteSettingsQuery, {}, expect(parseSiteSettings), {
        inLanguage: false,
      }),
    store: () => run("store", TAGS.store, storeQuery, {}, expect(parseStore)),
    home: (postLimit = 6) =>
      run("home page", TAGS.posts, homeQuery, { postLimit }, expect(parseHome)),
    page: (slug, options) =>
      run("page", TAGS.page(slug), pageBySlugQuery, { slug }, expect(parsePage), options),
    post: async (slug, options) =>
      (
        await run(
          "post",
          TAGS.post(slug),
          postBySlugQuery,
          { slug },
          expect(parsePostAnswer),
          options,
        )
      ).post,
    siteIndex: () =>
      run("site index", [TAGS.pages, TAGS.posts], siteIndexQuery, {}, expect(parseSiteIndex)),
    archive: (start, end) =>
      run("archive", TAGS.posts, archiveQuery, { start, end }, expect(parseArchive)),
    feed: (postLimit) => run("feed", TAGS.posts, feedQuery, { postLimit }, expect(parseFeed)),
    // An asset change purges everything; a tag's new name purges what shows tags.
    camera: (assetId) =>
      run("camera data", [TAGS.mediaTags], cameraQuery, { assetId }, expect(parseCamera)),
    photos: () =>
      run(
        "photographs",
        [TAGS.photos, TAGS.posts, TAGS.pages, TAGS.mediaTags],
        photoIndexQuery,
        {},
        expect((value) => parsePhotoCollection(value, SLIDESHOW_TAG)),
      ),
    search: (terms) =>
      run(
        "search",
        TAGS.search,
        searchQuery,
        {
          terms,
          hiddenTag: SLIDESHOW_TAG,
          photoLimit: SEARCH_PHOTOS,
          documentLimit: SEARCH_DOCUMENTS,
        },
        expect(parseSearch),
      ),
    async backgroundImages() {
      const tagNames = [SLIDESHOW_TAG];
      const images = await run(
        "slideshow",
        TAGS.slideshow,
        backgroundImagesQuery,
        { tagNames },
        expect(parseBackgroundImages),
      );
      if (images.length === 0) throw new NoBackgroundImages(SLIDESHOW_TAG);
      return images;
    },
    provenance: () => ({ tags: [...tags], validUntil, degraded }),
  };
}
