import { buildInfo } from "virtual:build-info";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";
import { Backdrop } from "../../client/components/Backdrop.tsx";
import { Document } from "../../client/components/Document.tsx";
import { Layout } from "../../client/components/Layout.tsx";
import { SiteFooter } from "../../client/components/SiteFooter.tsx";
import { SiteHeader } from "../../client/components/SiteHeader.tsx";
import type { SlideshowProps } from "../../client/islands/Slideshow.tsx";
import type { AppEnv } from "../app-env.ts";
import { ConfigError } from "../content/content-config.ts";
import { contentSource, NoBackgroundImages } from "../content/content-source.ts";
import { log } from "../log.ts";

export interface PageView {
  /** The page's own title; the document title puts it before the site title (L4). */
  title?: string;
  description?: string;
  content: ReactNode;
  status?: ContentfulStatusCode;
  /** Extra tags for <head>: canonical link, social cards, structured data. */
  head?: ReactNode;
}

/** L4: "Contact · Jane Doe Photography", or the site title alone. */
export const documentTitle = (pageTitle: string | undefined, siteTitle: string) =>
  pageTitle ? `${pageTitle} · ${siteTitle}` : siteTitle;

/** S3: seconds between crossfades, from `SLIDESHOW_INTERVAL_SECONDS` (default 8, 2–600). */
export function slideshowInterval(value: string | undefined): number {
  const seconds = Number(value?.trim() || Number.NaN);
  return Number.isFinite(seconds) && seconds >= 2 && seconds <= 600 ? seconds * 1000 : 8000;
}

/**
 * S2 / C6: the slideshow's photographs, fetched once per render from the edge cache. The
 * slideshow is decoration: any failure is logged once and the page renders without it.
 */
async function slideshowFor(c: Context<AppEnv>, path: string): Promise<SlideshowProps | null> {
  try {
    const source = contentSource(c);
    const images = await source.backgroundImages();
    const urls = source.images;
    return {
      interval: slideshowInterval(c.env.SLIDESHOW_INTERVAL_SECONDS),
      slides: images.map((image) => {
        const { src, srcSet, width, height } = urls.responsive(image);
        return {
          src,
          srcSet,
          width,
          height,
          lqip: image.lqip ?? undefined,
          color: image.color ?? undefined,
          alt: image.altText ?? image.title ?? "",
        };
      }),
    };
  } catch (error) {
    const fields = { path, requestId: c.get("requestId") };
    // A configuration error is already the page's own 500 (logged by the error handler).
    if (error instanceof ConfigError) log.warn(`Slideshow skipped: ${error.message}`, fields);
    else if (error instanceof NoBackgroundImages) log.error(error.message, fields);
    else {
      const message = error instanceof Error ? error.message : String(error);
      log.error(`Slideshow unavailable: ${message}`, fields);
    }
    return null;
  }
}

/** Renders a page inside the site layout to a complete HTML response. */
export async function renderPage(c: Context<AppEnv>, view: PageView): Promise<Response> {
  const site = c.get("site");
  const path = new URL(c.req.url).pathname;
  // L6: unmatched paths (no route) count as routes without a slug.
  const showSlideshowToggle = !c.get("route")?.hasSlug;
  const slideshow = await slideshowFor(c, path);

  const page = (
    <Document
      title={documentTitle(view.title, site.title)}
      description={view.description ?? site.description}
      buildId={buildInfo.buildId}
      head={view.head}
      assets={{
        styles: buildInfo.styles,
        entryScript: buildInfo.entryScript,
        modulePreloads: buildInfo.entryPreloads,
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
            slideshowToggle={showSlideshowToggle ? { available: slideshow !== null } : undefined}
          />
        }
        backdrop={slideshow && <Backdrop slideshow={slideshow} />}
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
