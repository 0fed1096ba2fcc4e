import { type ContentConfig, type ContentEnv, contentConfig } from "../config/content-config.ts";
import { siteLanguage } from "../config/site-settings.ts";
import { log } from "../lib/log.ts";
import { type CacheContext, cachedQuery } from "./edge-cache.ts";
import { type ImageUrls, imageUrls } from "./image-urls.ts";
import { localizeAssets } from "./localize.ts";
import type {
  HomeContent,
  ImageAsset,
  PageDocument,
  PostDocument,
  SiteIndex,
  SiteSettingsDocument,
} from "./model.ts";
import {
  backgroundImagesQuery,
  homeQuery,
  pageBySlugQuery,
  postBySlugQuery,
  SLIDESHOW_TAG,
  siteIndexQuery,
  siteSettingsQuery,
} from "./queries.ts";
import { sanityClient } from "./sanity-client.ts";
import {
  isHomeContent,
  isImageAsset,
  isPageDocument,
  isPostAnswer,
  isSiteIndex,
  isSiteSettingsDocument,
  nextScheduled,
} from "./validate.ts";

/**
 * A page answers well within 10 s even when the content service hangs: every query of one
 * request shares this budget (the settings, the page's own content and the slideshow are read
 * one after another), and a query started for it gives up after it too.
 */
export const QUERY_DEADLINE_MS = 8_000;

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

export interface ContentSource {
  config: ContentConfig;
  /** Image CDN URLs for this configuration. */
  images: ImageUrls;
  /** The `siteSettings` singleton, or null when the owner has not created it. */
  settings(): Promise<SiteSettingsDocument | null>;
  /** The latest published posts. */
  home(postLimit?: number): Promise<HomeContent>;
  page(slug: string): Promise<PageDocument | null>;
  post(slug: string): Promise<PostDocument | null>;
  siteIndex(): Promise<SiteIndex>;
  /** The slideshow's photographs; throws NoBackgroundImages when there are none. */
  backgroundImages(): Promise<ImageAsset[]>;
  /**
   * Until when (epoch ms) everything read through this source stays fresh: 0 once a read
   * failed or served a stale result, undefined while nothing has been read.
   */
  freshUntil(): number | undefined;
}

/** A parser that accepts what `check` accepts; `what` names the content in its error. */
function expect<T>(check: (value: unknown) => value is T) {
  return (value: unknown, what: string): T => {
    if (!check(value))
      throw new MalformedContent(`The content service returned a malformed ${what}`);
    return value;
  };
}

/**
 * The content of one request: every query goes through the edge cache, and the source
 * remembers how long what it read stays fresh. The configuration is checked here, before the
 * first query, so a bad setting names itself in the error.
 */
export function createContentSource(
  env: ContentEnv & { SITE_LANGUAGE?: string },
  ctx: CacheContext,
  path: string,
): ContentSource {
  const config = contentConfig(env);
  const language = siteLanguage(env);
  const deadline = Date.now() + QUERY_DEADLINE_MS;
  const client = sanityClient(config);
  let freshUntil: number | undefined;
  const settle = (until: number) => {
    freshUntil = Math.min(freshUntil ?? until, until);
  };

  /** `what` names the content in logs ("home page", "slideshow", …). */
  async function run<T>(
    what: string,
    query: string,
    params: Record<string, unknown>,
    parse: (value: unknown, what: string) => T,
  ): Promise<T> {
    const read = cachedQuery({
      config,
      ctx,
      query,
      params,
      deadlineMs: Math.max(0, deadline - Date.now()),
      // Results that list or show posts are true only until the next scheduled post goes live.
      expiresAt: nextScheduled,
      load: async () => {
        const response: unknown = await client.fetch(query, params, {
          filterResponse: false,
          signal: AbortSignal.timeout(QUERY_DEADLINE_MS),
        });
        if (typeof response !== "object" || response === null || !("result" in response)) {
          throw new MalformedContent("The content service answered without a result");
        }
        return parse(localizeAssets(response.result, language), what);
      },
      onRefreshError: (error) =>
        log.warn("Content refresh failed; serving the stale result", {
          path,
          content: what,
          error: String(error),
        }),
    });
    try {
      const { result, freshUntil: until } = await read;
      settle(until);
      return result;
    } catch (error) {
      settle(0);
      throw error;
    }
  }

  return {
    config,
    images: imageUrls(config),
    settings: () => run("site settings", siteSettingsQuery, {}, expect(isSiteSettingsDocument)),
    home: (postLimit = 6) => run("home page", homeQuery, { postLimit }, expect(isHomeContent)),
    page: (slug) => run("page", pageBySlugQuery, { slug }, expect(isPageDocument)),
    post: async (slug) =>
      (await run("post", postBySlugQuery, { slug }, expect(isPostAnswer))).post ?? null,
    siteIndex: () => run("site index", siteIndexQuery, {}, expect(isSiteIndex)),
    async backgroundImages() {
      const tagNames = [SLIDESHOW_TAG];
      const images = await run("slideshow", backgroundImagesQuery, { tagNames }, (value) => {
        if (!Array.isArray(value))
          throw new MalformedContent("The slideshow lookup did not return a list");
        return value.filter(isImageAsset);
      });
      if (images.length === 0) throw new NoBackgroundImages(SLIDESHOW_TAG);
      return images;
    },
    freshUntil: () => freshUntil,
  };
}
