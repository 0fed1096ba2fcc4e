import { isLanguage, type Language } from "../../shared/i18n/languages.ts";
import { publicSizeOf } from "../../shared/public-size.ts";
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
  bookingQuery,
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

/**
 * How many images of the Media library a search ranks at most (their ids alone, about 25 KB),
 * and documents. The page shows the photographs of those its pages show, and the library holds
 * others that may rank above them (slideshow images, imports not placed yet, a draft's
 * photographs): asking Sanity for placed images alone (`references()` for each match) is the
 * GROQ engine's slowest read, seconds locally on a few hundred photographs.
 */
export const SEARCH_PHOTOS = 400;
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
   * The further language of the site the request is in (`/de/…`), asked at each read; none for
   * the site's own.
   */
  language?: () => Language | undefined;
}

export interface ContentSource {
  config: ContentConfig;
  /** Image CDN URLs for this configuration, none past the owner's public size. */
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
  /**
   * What `/book` offers, as Sanity stores it: the owner's hours, the session types, the store's
   * currency and whether it charges tax (the booking feature checks each: worker/booking/offer.ts).
   */
  booking(): Promise<{ hours: unknown; sessions: unknown[]; currency: unknown; tax: unknown }>;
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

/**
 * The site settings, or null where they are malformed (a script wrote a field as the Studio never
 * does): the worker's settings stand in, as for a site without the document, rather than every
 * page failing with them.
 */
function settingsOrDefaults(value: unknown, what: string): SiteSettingsDocument | null {
  const parsed = parseSiteSettings(value);
  if (parsed !== undefined) return parsed;
  log.warn("The siteSettings document is malformed; the worker's settings stand in", { what });
  return null;
}

/** What a page's query brings besides its own content (queries.ts), with its cache tag. */
const FRAME = {
  settings: { parse: settingsOrDefaults, tag: TAGS.settings },
  slideshow: { parse: expect(parseBackgroundImages), tag: TAGS.slideshow },
  store: { parse: expect(parseStore), tag: TAGS.store },
};
type Frame = {
  [K in keyof typeof FRAME]?: ReturnType<(typeof FRAME)[K]["parse"]>;
};
type FramePart = keyof Frame;

/** The frame of most pages (queries.ts: LAYOUT). */
const LAYOUT: FramePart[] = ["settings", "slideshow"];

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
  /** The owner's public size, from the first read that brought the settings: `images` keeps to it. */
  let publicSize: number | undefined;

  /**
   * A page's content (`own` parses its part of the answer, `what` names it in logs) and the
   * `parts` of its frame, read once per request through the content cache, in the request's
   * language (`$language`, part of the cached result's key).
   */
  function read<T>(
    what: string,
    pageTags: string[],
    query: string,
    own: (value: Record<string, unknown>) => T | undefined,
    readParams: Record<string, unknown> = {},
    parts: FramePart[] = LAYOUT,
  ): Promise<T & Frame> {
    const language = mode.language?.();
    const params = {
      ...readParams,
      language: language ?? "",
      siteLanguage: settings.site.language,
      // Preview shows scheduled posts too: the owner checks them before they go live.
      showScheduled: mode.preview,
      ...(parts.includes("slideshow") ? { tagNames: [SLIDESHOW_TAG] } : {}),
      ...(parts.includes("store") ? { store: storeIsOn(settings.store) } : {}),
    };
    const key = JSON.stringify([query, params]);
    const known = reads.get(key);
    if (known) return known as Promise<T & Frame>;
    const brings = parts.filter((part) => part !== "store" || params.store);
    for (const tag of [...pageTags, ...brings.map((part) => FRAME[part].tag)]) tags.add(tag);
    const load = async () => {
      const response: unknown = await client.fetch(query, params, {
        filterResponse: false,
        signal: AbortSignal.timeout(QUERY_DEADLINE_MS),
      });
      const raw = (response as { result?: unknown } | null)?.result;
      if (typeof raw !== "object" || raw === null) {
        throw new MalformedContent(`The content service returned a malformed ${what}`);
      }
      // The media plugin's texts in the page's language: the settings name the site's own.
      const named = (raw as { settings?: { language?: unknown } }).settings?.language;
      const result = localizeAssets(
        raw,
        language ?? (isLanguage(named) ? named : settings.site.language),
      ) as Record<string, unknown>;
      const framing = Object.fromEntries(
        parts.map((part) => [part, FRAME[part].parse(result[part], what)]),
      );
      const nextScheduled = typeof result.nextScheduled === "string" ? result.nextScheduled : null;
      return { ...expect(own)(result, what), ...framing, nextScheduled } as T & Frame;
    };
    const deadlineMs = Math.max(0, deadline - Date.now());
    const answer = cachedQuery({
      config,
      ctx,
      query,
      params,
      deadlineMs,
      // With a last good answer to fall back on, one attempt's time is long enough to wait.
      fallbackAfterMs: Math.min(deadlineMs, ATTEMPT_TIMEOUT_MS),
      // Results that list or show posts are true only until the next scheduled post goes live.
      expiresAt: nextScheduled,
      uncached: mode.uncached ?? false,
      load,
      onStale: (error) =>
        log.warn("Content unavailable; serving the last good result", {
          path,
          content: what,
          error: String(error),
        }),
    }).then(
      ({ result, expiresAt, stale }) => {
        if (result.settings !== undefined) publicSize ??= publicSizeOf(result.settings?.publicSize);
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
    for (const part of parts) {
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
   * starts its own read first: the next turn is soon enough to see it.
   */
  async function framePart<K extends FramePart>(part: K): Promise<Frame[K]> {
    await Promise.resolve();
    if (!frame[part]) read("layout", [], layoutQuery, () => ({}), {}, [...LAYOUT, "store"]);
    return frame[part] as Promise<Frame[K]>;
  }

  /** What the collection pages read their photographs from. */
  const collection = (value: Record<string, unknown>) => parsePhotoCollection(value, SLIDESHOW_TAG);
  const everyPhoto = [TAGS.photos, TAGS.posts, TAGS.pages, TAGS.mediaTags];

  return {
    config,
    // Every page reads its settings before it writes an image's address.
    get images() {
      return imageUrls(config, publicSize);
    },
    settings: () => framePart("settings").then((value) => value ?? null),
    async backgroundImages() {
      const images = (await framePart("slideshow")) ?? [];
      if (images.length === 0) throw new NoBackgroundImages(SLIDESHOW_TAG);
      return images;
    },
    store: () => framePart("store").then((value) => value ?? null),
    booking: () =>
      read(
        "booking",
        [TAGS.booking],
        bookingQuery,
        ({ hours, sessions, currency, tax }) =>
          Array.isArray(sessions) || sessions === null
            ? { hours, sessions: sessions ?? [], currency, tax }
            : undefined,
        {},
        [...LAYOUT, "store"],
      ),
    home: (postLimit = 6) => read("home page", [TAGS.posts], homeQuery, parseHome, { postLimit }),
    page: async (slug) => {
      const parse = (value: Record<string, unknown>) => {
        const page = parsePage(value.page);
        return page === undefined ? undefined : { page };
      };
      return (await read("page", [TAGS.page(slug)], pageBySlugQuery, parse, { slug })).page;
    },
    post: async (slug) =>
      // Its neighbours are whichever posts are published: any post's change may change them.
      (
        await read("post", [TAGS.post(slug), TAGS.posts], postBySlugQuery, parsePostAnswer, {
          slug,
        })
      ).post,
    archive: (start, end) =>
      read("archive", [TAGS.posts], archiveQuery, parseArchive, { start, end }),
    feed: (postLimit) =>
      read("feed", [TAGS.posts], feedQuery, parseFeed, { postLimit }, ["settings"]),
    sitemap: () =>
      read(
        "sitemap",
        everyPhoto,
        sitemapQuery,
        (value) => {
          const [index, photos] = [parseSiteIndex(value), collection(value)];
          return index && photos ? { index, collection: photos } : undefined;
        },
        {},
        ["settings"],
      ),
    photos: () => read("photographs", everyPhoto, photoIndexQuery, collection),
    search: (terms) =>
      read(
        "search",
        [TAGS.search, ...everyPhoto],
        searchQuery,
        (value) => {
          const [photos, found] = [collection(value), parseSearch(value.found)];
          return photos && found ? { collection: photos, found } : undefined;
        },
        {
          terms,
          hiddenTag: SLIDESHOW_TAG,
          photoLimit: SEARCH_PHOTOS,
          documentLimit: SEARCH_DOCUMENTS,
        },
      ),
    // Its place depends on every document that places it (the collection's tag); an asset
    // change purges everything, a tag's new name what shows tags.
    photoPage: (kind, slug, key) =>
      read(
        "photograph",
        [kind === "post" ? TAGS.post(slug) : TAGS.page(slug), TAGS.photos, TAGS.mediaTags],
        photoPageQuery,
        parsePhotoPage,
        { kind, slug, key },
        ["settings", "store"],
      ),
    provenance: () => ({ tags: [...tags], validUntil, degraded }),
  };
}
