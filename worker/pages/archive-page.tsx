import type { Handler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { loadSiteSettings } from "../content/load-site-settings.ts";
import { requestContent } from "../content/request-content.ts";
import { pageNotFound } from "../errors/page-error.ts";
import { redirectTarget } from "../lib/redirect-target.ts";
import { renderPage } from "../render/render-page.tsx";
import { ArchiveView } from "../views/ArchiveView.tsx";
import { loadLayout } from "./load-layout.ts";

/**
 * Posts per archive page: a page of titles, dates and small covers stays well under 20 KB of
 * HTML, and a thousand posts still fit in twenty numbered pages.
 */
export const ARCHIVE_PAGE_SIZE = 50;

/** The first page is `/archive`; the others have the page number in the path (caches key on it). */
export const archivePath = (page: number) => (page === 1 ? "/archive" : `/archive/page/${page}`);

/** `/archive` and `/archive/page/{n}`: every published post, newest first, grouped by year. */
export const archivePage: Handler<AppEnv> = async (c) => {
  const site = await loadSiteSettings(c);
  const page = Number(c.req.param("page") ?? "1");
  // One address per page: `/archive/page/1` is `/archive`.
  if (c.req.param("page") !== undefined && page === 1) {
    return c.redirect(redirectTarget(archivePath(1), new URL(c.req.url).origin), 301);
  }
  const start = (page - 1) * ARCHIVE_PAGE_SIZE;
  const content = requestContent(c);
  const { posts, total } = await content.archive(start, start + ARCHIVE_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(total / ARCHIVE_PAGE_SIZE));
  if (page > pages) throw pageNotFound(new URL(c.req.url).pathname);
  const title = page === 1 ? "Archive" : `Archive, page ${page}`;
  const description = `Every post on ${site.title}, newest first.`;

  return renderPage(c, await loadLayout(c), {
    title,
    description,
    meta: { type: "website" },
    content: (
      <ArchiveView
        posts={posts}
        page={page}
        pages={pages}
        total={total}
        imageFor={content.images.responsive}
        pageHref={archivePath}
      />
    ),
  });
};
