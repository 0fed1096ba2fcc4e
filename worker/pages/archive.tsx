import type { Handler } from "hono";
import { paths } from "../content/paths.ts";
import { pageNotFound } from "../errors/page-error.ts";
import { redirectTarget } from "../lib/redirect-target.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, i18nFor } from "../request/context.ts";
import { ArchiveView } from "./ArchiveView.tsx";

/**
 * Posts per archive slice (one numbered archive page): a page of titles, dates and small covers stays well under 20 KB of
 * HTML, and a thousand posts still fit in twenty numbered pages.
 */
export const POSTS_PER_SLICE = 50;

/**
 * `/archive` and `/archive/page/{n}`: every published post, newest first, grouped by year,
 * `POSTS_PER_SLICE` a page. `/archive/page/1` redirects to `/archive`; a page past the last
 * is a fatal not-found.
 */
export const archiveHandler: Handler<AppEnv> = async (c) => {
  const slice = Number(c.req.param("page") ?? "1");
  // One address per page: `/archive/page/1` is `/archive`.
  if (c.req.param("page") !== undefined && slice === 1) {
    return c.redirect(redirectTarget(paths.archive(), new URL(c.req.url).origin), 301);
  }
  const start = (slice - 1) * POSTS_PER_SLICE;
  const content = contentFor(c);
  const [{ posts, total }, layout, { t }] = await Promise.all([
    content.archive(start, start + POSTS_PER_SLICE),
    loadLayout(c),
    i18nFor(c),
  ]);
  const slices = Math.max(1, Math.ceil(total / POSTS_PER_SLICE));
  if (slice > slices) throw pageNotFound(new URL(c.req.url).pathname);
  const title = slice === 1 ? t("archive.title") : t("archive.titlePage", { page: slice });
  const description = t("archive.description", { site: layout.site.title });

  return renderHtml(c, layout, {
    title,
    description,
    meta: { type: "website" },
    main: (
      <ArchiveView
        posts={posts}
        slice={slice}
        slices={slices}
        total={total}
        imageFor={content.images.responsive}
        sliceHref={paths.archive}
      />
    ),
  });
};
