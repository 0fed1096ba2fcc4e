import type { Handler } from "hono";
import { paths } from "../content/paths.ts";
import { pageNotFound } from "../errors/page-error.ts";
import { redirectTarget } from "../lib/redirect-target.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, siteSettingsFor } from "../request/context.ts";
import { ArchiveView } from "../views/ArchiveView.tsx";

/**
 * Posts per archive page: a page of titles, dates and small covers stays well under 20 KB of
 * HTML, and a thousand posts still fit in twenty numbered pages.
 */
export const ARCHIVE_PAGE_SIZE = 50;

/**
 * `/archive` and `/archive/page/{n}`: every published post, newest first, grouped by year,
 * `ARCHIVE_PAGE_SIZE` a page. `/archive/page/1` redirects to `/archive`; a page past the last
 * is a fatal not-found.
 *
 * @example
 * ```ts
 * // Two rows of the route table (routes/route-table.ts):
 * { name: "archive", path: "/archive", middlewares: ["htmlCache"], handler: archiveHandler },
 * {
 *   name: "archive-page",
 *   path: "/archive/page/:page",
 *   check: pageNumberParam("page"),
 *   middlewares: ["htmlCache"],
 *   handler: archiveHandler,
 * },
 * ```
 */
export const archiveHandler: Handler<AppEnv> = async (c) => {
  const site = await siteSettingsFor(c);
  const page = Number(c.req.param("page") ?? "1");
  // One address per page: `/archive/page/1` is `/archive`.
  if (c.req.param("page") !== undefined && page === 1) {
    return c.redirect(redirectTarget(paths.archive(), new URL(c.req.url).origin), 301);
  }
  const start = (page - 1) * ARCHIVE_PAGE_SIZE;
  const content = contentFor(c);
  const { posts, total } = await content.archive(start, start + ARCHIVE_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(total / ARCHIVE_PAGE_SIZE));
  if (page > pages) throw pageNotFound(new URL(c.req.url).pathname);
  const title = page === 1 ? "Archive" : `Archive, page ${page}`;
  const description = `Every post on ${site.title}, newest first.`;

  return renderHtml(c, await loadLayout(c), {
    title,
    description,
    meta: { type: "website" },
    main: (
      <ArchiveView
        posts={posts}
        page={page}
        pages={pages}
        total={total}
        imageFor={content.images.responsive}
        pageHref={paths.archive}
      />
    ),
  });
};
