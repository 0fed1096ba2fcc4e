import { isLanguage, type Language } from "../../shared/i18n/languages.ts";
import { type Config, type ContentConfig, contentSettings, storeIsOn } from "../config/config.ts";
import { log } from "../lib/log.ts";
import { TAGS } from "./cache-tags.ts";
import { type BackgroundTasks, cachedQuery } from "./content-cache.ts";
import { type ImageUrls, imageUrls } from "./image-urls.ts";
import { localizeAssets } from "./localize.ts";
import type {
  ArchiveSlice,
  FeedContent,
  HomeContent,
  ImageAsset,
  PageDocument,
  PhotoCollection,
  PhotoPageContent,
  PostDocument,
  SearchAnswer,
  SiteIndex,
  SiteSettingsDocument,
} from "./model.ts";
import type { DocumentKind } from "./paths.ts";
import {
  archiveQuery,
  feedQuery,
  homeQuery,
  layoutQuery,
  pageBySlugQuery,
  photoIndexQuery,
  photoPageQuery,
  postBySlugQuery,
  SLIDESHOW_TAG,
  searchQuery,
  sitemapQuery,
} from "./queries.ts";
import { ATTEMPT_TIMEOUT_MS, sanityClient } from "./sanity-client.ts";
import {
  nextScheduled,
  parseArchive,
  parseBackgroundImages,
  parseFeed,
  parseHome,
  parsePage,
  parsePhotoCollection,
  parsePhotoPage,
  parsePostAnswer,
  parseSearch,
  parseSiteIndex,
  parseSiteSettings,
  parseStore,
  type StoreDocument,
} from "./validate.ts";

/**
 * A page answers well within 10 s even when the content service hangs: every query of one
 * request shares this budget (a page makes one, a contact form about a photograph two at once),
 * and a query started for it gives up after it too.
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

/** How a request reads: whether it is draft preview, and the language its content is read in. */
export interface ReadMode {
  preview: boolean;
  /** Past the content cache: for what must be as it is now (a sale, an inquiry's photograph). */
  uncached?: boolean;
  /**
   * The answer is kept at the edge until a publish purges it: built after a purge, it must be
   * built from Sanity as it is now, not from a fresh result kept here before the publish.
   */
  followsPurges?: boolean;
  /**
   * The further language of the site the request is in (`/de/…`), asked at each read; none for
   * the site's own.
   */
  language?: () => Language | undefined;
}

export interface ContentSource {
  config: ContentConfig;
  /** Image CDN URLs for this configuration. */
  images: ImageUrls;
  /**
   * What frames the page, from the page's own read when it made one (one round trip to Sanity),
   * else read alone: the `siteSettings` singleton (null when the owner has not created it)…
   */
  settings(): Promise<SiteSettingsDocument | null>;
  /** …the slideshow's photographs (throws NoBackgroundImages when there are none)… */
  backgroundImages(): Promise<ImageAsset[]>;
  /** …and the store's catalogue (`storeSettings`; null when off or not created). */
  store(): Promise<StoreDocument | null>;
  /** The latest published posts. */
  home(postLimit?: number): Promise<HomeContent>;
  /** A page, in the request's language. */
  page(slug: string): Promise<PageDocument | null>;
  post(slug: string): Promise<PostDocument | null>;
  /** Posts `start` to `end` (exclusive) of all published posts, newest first, and their count. */
  archive(start: number, end: number): Promise<ArchiveSlice>;
  /** The latest posts for the RSS feed. */
  feed(postLimit: number): Promise<FeedContent>;
  /** Every address and every photograph, for the sitemap. */
  sitemap(): Promise<{ index: SiteIndex; collection: PhotoCollection }>;
  /** Every published photograph, once each, newest first (content/collection.ts). */
  photos(): Promise<PhotoCollection>;
  /**
   * The collection, and the photographs (by asset id) and documents matching every one of
   * `terms`, best first (none without terms).
   */
  search(terms: string[]): Promise<{ collection: PhotoCollection; found: SearchAnswer }>;
  /** The photograph `key` of a page or post, with its documents, camera data and place. */
  photoPage(kind: DocumentKind, slug: string, key: string): Promise<PhotoPageContent>;
  provenance(): Provenance;
}

/** A parser of validate.ts whose undefined (a malformed answer) throws, naming `what`. */
function expect<T, V = unknown>(parse: (value: V) => T | undefined) {
  return (value: V, what: string): T => {
    const parsed = parse(value);
    if (parsed === undefined)
      throw new MalformedContent(`The content service returned a malformed ${what}`);
    return parsed;
  };
}

/** What a query brings besides the page's own content. */
interface Frame {
  settings?: SiteSettingsDocument | null;
  slideshow?: ImageAsset[];
  store?: StoreDocument | null;
}

const FRAME_PARSERS = {
  settings: expect(parseSiteSettings),
  slideshow: expect(parseBackgroundImages),
  store: expect(parseStore),
} as const;
type FramePart = keyof typeof FRAME_PARSERS;

const FRAME_TAGS: Record<FramePart, string> = {
  settings: TAGS.settings,
  slideshow: TAGS.slideshow,
  store: TAGS.store,
};

/** The frame every page's query brings with it (queries.ts: LAYOUT). */
const LAYOUT: FramePart[] = ["settings", "slideshow"];

/** One read: a query, its parameters and what it brings, and how its own part is parsed. */
interface Read<T> {
  /** Names the content in logs ("home page", "post", …). */
  what: string;
  tags: string[];
  query: string;
  params?: Record<string, unknown>;
  frame: FramePart[];
  parse: (value: Record<string, unknown>, what: string) => T;
}

/**
 * The content of one request: every page's content comes in one query with what frames it
 * (queries.ts), through the content cache (content-cache.ts), and the source remembers which
 * cache tags it touched and whether what it read may be kept. In draft preview it reads drafts
 * with the token, past every cache. The configuration is checked here, before the first
 * query, so a bad setting names itself.
 */
export function createContentSource(
  settings: Config,
  ctx: BackgroundTasks,
  path: string,
  mode: ReadMode,
): ContentSource {
  const config = contentSettings(settings, mode.preview);
  const deadline = Date.now() + QUERY_DEADLINE_MS;
  const client = sanityClient(config);
  let validUntil = Number.POSITIVE_INFINITY;
  let degraded = false;
  const tags = new Set<string>();
  /** Each part of the frame, from the first read that brought it. */
  const frame: { [K in FramePart]?: Promise<Frame[K]> } = {};
  /** Each read made, by query and parameters: asked twice, read once. */
  const reads = new Map<string, Promise<unknown>>();

  async function load<T>(read: Read<T>, params: Record<string, unknown>): Promise<T & Frame> {
    const language = mode.language?.();
    const response: unknown = await client.fetch(read.query, params, {
      filterResponse: false,
      signal: AbortSignal.timeout(QUERY_DEADLINE_MS),
    });
    if (typeof response !== "object" || response === null || !("result" in response)) {
      throw new MalformedContent("The content service answered without a result");
    }
    const raw = response.result;
    if (typeof raw !== "object" || raw === null) {
      throw new MalformedContent(`The content service returned a malformed ${read.what}`);
    }
    // The media plugin's texts in the page's language: the settings name the site's own.
    const named = (raw as { settings?: { language?: unknown } }).settings?.language;
    const own = isLanguage(named) ? named : settings.site.language;
    const result = localizeAssets(raw, language ?? own) as Record<string, unknown>;
    const parts: Frame = {};
    for (const part of read.frame) {
      Object.assign(parts, { [part]: FRAME_PARSERS[part](result[part], read.what) });
    }
    return {
      ...read.parse(result, read.what),
      ...parts,
      nextScheduled: typeof result.nextScheduled === "string" ? result.nextScheduled : null,
    };
  }

  /**
   * Reads `read` (once per request), through the content cache. Content is read in the
   * request's language (`$language`, part of the cached result's key).
   */
  function run<T>(read: Read<T>): Promise<T & Frame> {
    const language = mode.language?.() ?? "";
    const params = {
      ...read.params,
      language,
      siteLanguage: settings.site.language,
      // Preview shows scheduled posts too: the owner checks them before they go live.
      showScheduled: mode.preview,
      ...(read.frame.includes("slideshow") ? { tagNames: [SLIDESHOW_TAG] } : {}),
      ...(read.frame.includes("store") ? { store: storeIsOn(settings.store) } : {}),
    };
    const key = JSON.stringify([read.query, params]);
    const known = reads.get(key);
    if (known) return known as Promise<T & Frame>;
    const brings = read.frame.filter((part) => part !== "store" || params.store);
    for (const tag of [...read.tags, ...brings.map((part) => FRAME_TAGS[part])]) tags.add(tag);
    const deadlineMs = Math.max(0, deadline - Date.now());
    const answer = cachedQuery({
      config,
      ctx,
      query: read.query,
      params,
      deadlineMs,
      // With a last good answer to fall back on, one attempt's time is long enough to wait.
      fallbackAfterMs: Math.min(deadlineMs, ATTEMPT_TIMEOUT_MS),
      // Results that list or show posts are true only until the next scheduled post goes live.
      expiresAt: nextScheduled,
      uncached: mode.uncached ?? false,
      ...(mode.followsPurges ? { freshSeconds: 0 } : {}),
      load: () => load(read, params),
      onStale: (error) =>
        log.warn("Content unavailable; serving the last good result", {
          path,
          content: read.what,
          error: String(error),
        }),
    }).then(
      ({ result, expiresAt, stale }) => {
        if (expiresAt !== undefined) validUntil = Math.min(validUntil, expiresAt);
        if (stale) degraded = true;
        return result;
      },
      (error: unknown) => {
        degraded = true;
        throw error;
      },
    );
    reads.set(key, answer);
    // The page's frame comes with it, unless an earlier read brought it.
    for (const part of read.frame) {
      if (frame[part]) continue;
      const brought = answer.then((result) => result[part]);
      // Whoever frames the page awaits it; a page that fails before does not.
      brought.catch(() => {});
      Object.assign(frame, { [part]: brought });
    }
    return answer;
  }

  /**
   * A part of the frame: the one the page's read brought, else the frame read alone. A page
   * usually starts its own read first: the next turn is soon enough to see it.
   */
  async function framePart<K extends FramePart>(part: K): Promise<Frame[K]> {
    await Promise.resolve();
    if (!frame[part]) {
      run({
        what: "layout",
        tags: [],
        query: layoutQuery,
        frame: [...LAYOUT, "store"],
        parse: () => ({}),
      });
    }
    return frame[part] as Promise<Frame[K]>;
  }

  /** A page's own content, with its frame; `own` parses its part of the answer. */
  const page = <T>(
    what: string,
    tags: string[],
    query: string,
    params: Record<string, unknown>,
    own: (value: Record<string, unknown>) => T | undefined,
    frameParts: FramePart[] = LAYOUT,
  ) => run({ what, tags, query, params, frame: frameParts, parse: expect(own) });

  return {
    config,
    images: imageUrls(config),
    settings: () => framePart("settings").then((value) => value ?? null),
    async backgroundImages() {
      const images = (await framePart("slideshow")) ?? [];
      if (images.length === 0) throw new NoBackgroundImages(SLIDESHOW_TAG);
      return images;
    },
    store: () => framePart("store").then((value) => value ?? null),
    home: (postLimit = 6) => page("home page", [TAGS.posts], homeQuery, { postLimit }, parseHome),
    page: async (slug) =>
      (
        await page("page", [TAGS.page(slug)], pageBySlugQuery, { slug }, (value) => {
          const parsed = parsePage(value.page);
          return parsed === undefined ? undefined : { page: parsed };
        })
      ).page,
    post: async (slug) =>
      (await page("post", [TAGS.post(slug)], postBySlugQuery, { slug }, parsePostAnswer)).post,
    archive: (start, end) =>
      page("archive", [TAGS.posts], archiveQuery, { start, end }, parseArchive),
    feed: (postLimit) =>
      page("feed", [TAGS.posts], feedQuery, { postLimit }, parseFeed, ["settings"]),
    sitemap: () =>
      page(
        "sitemap",
        [TAGS.pages, TAGS.posts, TAGS.photos, TAGS.mediaTags],
        sitemapQuery,
        {},
        (value) => {
          const index = parseSiteIndex(value);
          const collection = parsePhotoCollection(value, SLIDESHOW_TAG);
          return index && collection ? { index, collection } : undefined;
        },
        ["settings"],
      ),
    photos: () =>
      page(
        "photographs",
        [TAGS.photos, TAGS.posts, TAGS.pages, TAGS.mediaTags],
        photoIndexQuery,
        {},
        (value) => parsePhotoCollection(value, SLIDESHOW_TAG),
      ),
    search: (terms) =>
      page(
        "search",
        [TAGS.search, TAGS.photos, TAGS.posts, TAGS.pages, TAGS.mediaTags],
        searchQuery,
        {
          terms,
          hiddenTag: SLIDESHOW_TAG,
          photoLimit: SEARCH_PHOTOS,
          documentLimit: SEARCH_DOCUMENTS,
        },
        (value) => {
          const collection = parsePhotoCollection(value, SLIDESHOW_TAG);
          const found = parseSearch(value.found ?? { photos: [], documents: [] });
          return collection && found ? { collection, found } : undefined;
        },
      ),
    // An asset change purges everything; a tag's new name purges what shows tags.
    photoPage: (kind, slug, key) =>
      page(
        "photograph",
        // Its place depends on every document that places it (the collection's tag).
        [kind === "post" ? TAGS.post(slug) : TAGS.page(slug), TAGS.photos, TAGS.mediaTags],
        photoPageQuery,
        { kind, slug, key },
        parsePhotoPage,
        ["settings", "store"],
      ),
    provenance: () => ({ tags: [...tags], validUntil, degraded }),
  };
}
