import type { Handler } from "hono";
import { tagGroups } from "../content/collection.ts";
import type { CollectionPhoto } from "../content/model.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, i18nFor, siteSettingsFor } from "../request/context.ts";
import { LIMIT_PERIOD_SECONDS, visitorKey } from "../request/visitor-key.ts";
import { socialImage } from "../seo/social-image.ts";
import { PHOTOS_PER_SLICE } from "./collections.tsx";
import { type SearchOutcome, SearchView } from "./SearchView.tsx";
import { queryWords, searchRequest, snippet } from "./search-terms.ts";

/**
 * `/search?q=…`: the site's photographs (captions, alt texts, tags, cameras, lenses) and its
 * posts and pages (titles, excerpts, text) that match every word of `q`, best first, in one
 * GROQ query ranked by `score()` with the collection they are shown from (content/queries.ts). Server-rendered: it works without
 * JavaScript, and the address is the search, so the edge keeps each search like a page (the
 * query string is part of its key) until a publish purges it (cache tag `search`). An empty
 * query shows the form and the tags; one over 100 characters or without results says so.
 * A photograph is shown at its home in the collection, once.
 */
export const searchHandler: Handler<AppEnv> = async (c) => {
  const request = searchRequest(c.req.query("q"));
  // Only a search the edge did not have reaches here, and each is a query to Sanity: a visitor
  // past SEARCH_LIMIT waits a minute, and their words are searched for by nobody (the page shows
  // the tags, read as an empty search reads them).
  const refused =
    request.kind === "search" && !(await c.env.SEARCH_LIMIT.limit({ key: visitorKey(c) })).success;
  if (refused) c.header("Retry-After", String(LIMIT_PERIOD_SECONDS));
  const content = contentFor(c);
  const [{ collection, found: answer }, site] = await Promise.all([
    content.search(request.kind === "search" && !refused ? request.terms : []),
    siteSettingsFor(c),
  ]);
  let outcome: SearchOutcome;
  if (refused) {
    outcome = { kind: "refused", query: request.query, tags: tagGroups(collection.photos) };
  } else if (request.kind !== "search") {
    outcome = {
      kind: request.kind === "too-long" ? "too-long" : "empty",
      tags: tagGroups(collection.photos),
    };
  } else {
    const byAsset = new Map(collection.photos.map((photo) => [photo.image.asset._id, photo]));
    const found = answer.photoIds
      .map((id) => byAsset.get(id))
      .filter((photo): photo is CollectionPhoto => photo !== undefined);
    const words = queryWords(request.query);
    outcome = {
      kind: "results",
      query: request.query,
      photos: found.slice(0, PHOTOS_PER_SLICE),
      found: found.length,
      documents: answer.documents.map((document) => ({
        document,
        snippet: snippet(document.summary || document.text || "", words),
      })),
    };
  }
  const layout = await loadLayout(c);
  const { t } = await i18nFor(c);
  const first = outcome.kind === "results" ? outcome.photos[0] : undefined;
  return renderHtml(c, layout, {
    title:
      outcome.kind === "results"
        ? t("search.titleQuery", { query: outcome.query })
        : t("search.title"),
    description: t("search.description", { site: site.title }),
    meta: {
      type: "website",
      image: socialImage(content.images, first?.image ?? layout.socialImage),
    },
    main: <SearchView outcome={outcome} imageFor={content.images.responsive} />,
    ...(request.kind === "search" ? { query: { q: request.query } } : {}),
    ...(refused ? { status: 429 } : {}),
  });
};
