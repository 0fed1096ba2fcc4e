import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { log } from "../log.ts";
import { type ContentConfig, contentConfig } from "./content-config.ts";
import { type CacheContext, cachedQuery } from "./edge-cache.ts";
import { type ImageUrls, imageUrls } from "./image-urls.ts";
import {
  backgroundImagesQuery,
  homeQuery,
  pageBySlugQuery,
  postBySlugQuery,
  SLIDESHOW_TAG,
  siteIndexQuery,
} from "./queries.ts";
import { sanityClient } from "./sanity-client.ts";
import type { HomeContent, ImageAsset, PageDocument, PostDocument, SiteIndex } from "./types.ts";
import {
  isHomeContent,
  isImageAsset,
  isPageDocument,
  isPostDocument,
  isSiteIndex,
} from "./validate.ts";

/** C4: a page answers well within 10 s even when the content service hangs. */
export const QUERY_DEADLINE_MS = 8_000;

/** The answer was not what the query projects (invalid JSON, wrong shape): never rendered. */
export class MalformedContent extends Error {
  override name = "MalformedContent";
}

/** C2: the slideshow lookup found nothing. */
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
  home(postLimit?: number): Promise<HomeContent>;
  page(slug: string): Promise<PageDocument | null>;
  post(slug: string): Promise<PostDocument | null>;
  siteIndex(): Promise<SiteIndex>;
  /** C1: the slideshow's photographs; throws NoBackgroundImages when there are none. */
  backgroundImages(): Promise<ImageAsset[]>;
  /**
   * Until when (epoch ms) everything read through this source stays fresh: 0 once a read
   * failed or served a stale result, undefined while nothing has been read.
   */
  freshUntil(): number | undefined;
}

function executionContext(c: Context): CacheContext {
  try {
    return c.executionCtx;
  } catch {
    // No execution context (e.g. app.request in a unit test): refresh inline.
    return { waitUntil: (promise) => void promise.catch(() => {}) };
  }
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
 * One source per request, shared by the page and the backdrop; the configuration is checked
 * before first use (V2).
 */
export function contentSource(c: Context<AppEnv>): ContentSource {
  const existing = c.get("content");
  if (existing) return existing;
  const source = createContentSource(c);
  c.set("content", source);
  return source;
}

function createContentSource(c: Context<AppEnv>): ContentSource {
  const config = contentConfig(c.env);
  const client = sanityClient(config);
  const ctx = executionContext(c);
  const path = new URL(c.req.url).pathname;
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
      load: async () => {
        const response: unknown = await client.fetch(query, params, {
          filterResponse: false,
          signal: AbortSignal.timeout(QUERY_DEADLINE_MS),
        });
        if (typeof response !== "object" || response === null || !("result" in response)) {
          throw new MalformedContent("The content service answered without a result");
        }
        return parse(response.result, what);
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
    home: (postLimit = 6) => run("home page", homeQuery, { postLimit }, expect(isHomeContent)),
    page: (slug) => run("page", pageBySlugQuery, { slug }, expect(isPageDocument)),
    post: (slug) => run("post", postBySlugQuery, { slug }, expect(isPostDocument)),
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
