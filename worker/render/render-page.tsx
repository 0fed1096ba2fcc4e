import { buildInfo } from "virtual:build-info";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";
import { Document } from "../../client/components/Document.tsx";
import type { IslandName } from "../../client/components/Island.tsx";
import { Layout } from "../../client/components/Layout.tsx";
import { SiteFooter } from "../../client/components/SiteFooter.tsx";
import { SiteHeader } from "../../client/components/SiteHeader.tsx";
import type { AppEnv } from "../app-env.ts";
import { log } from "../log.ts";

export interface PageView {
  /** The page's own title; the document title puts it before the site title (L4). */
  title?: string;
  description?: string;
  content: ReactNode;
  status?: ContentfulStatusCode;
}

/** L4: "Contact · Jane Doe Photography", or the site title alone. */
export const documentTitle = (pageTitle: string | undefined, siteTitle: string) =>
  pageTitle ? `${pageTitle} · ${siteTitle}` : siteTitle;

function modulePreloads(islands: readonly IslandName[]): string[] {
  const files = [
    ...buildInfo.entryPreloads,
    ...islands.flatMap((name) => buildInfo.islandPreloads[name] ?? []),
  ];
  return [...new Set(files)];
}

/** Renders a page inside the site layout to a complete HTML response. */
export async function renderPage(c: Context<AppEnv>, view: PageView): Promise<Response> {
  const site = c.get("site");
  const path = new URL(c.req.url).pathname;
  // L6: unmatched paths (no route) count as routes without a slug.
  const showSlideshowToggle = !c.get("route")?.hasSlug;
  const islands: IslandName[] = showSlideshowToggle
    ? ["ThemeToggle", "SlideshowToggle"]
    : ["ThemeToggle"];

  const page = (
    <Document
      title={documentTitle(view.title, site.title)}
      description={view.description ?? site.description}
      buildId={buildInfo.buildId}
      assets={{
        styles: buildInfo.styles,
        entryScript: buildInfo.entryScript,
        modulePreloads: modulePreloads(islands),
        headScript: buildInfo.headScript,
        dev: buildInfo.dev,
      }}
    >
      <Layout
        header={<SiteHeader brand={site.brand} path={path} />}
        footer={
          <SiteFooter
            version={buildInfo.version}
            owner={site.owner}
            email={site.email}
            socialUrl={site.socialUrl}
            year={new Date().getUTCFullYear()}
            slideshowToggle={showSlideshowToggle ? { available: false } : undefined}
          />
        }
      >
        {view.content}
      </Layout>
    </Document>
  );

  const stream = await renderToReadableStream(page, {
    onError(error) {
      log.error("Render failed", { path, requestId: c.get("requestId"), error: String(error) });
    },
  });
  // Everything is fetched before rendering, so waiting costs nothing and keeps the status honest.
  await stream.allReady;
  return c.body(stream, view.status ?? 200, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache",
  });
}
