import type { Handler } from "hono";
import { pageNotFound } from "../errors/page-error.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, siteOrigin } from "../request/context.ts";
import { firstImage, socialImage } from "../seo/social-image.ts";
import { PageView } from "../views/PageView.tsx";

/**
 * `/{slug}`: a Sanity `page` document (contact, portfolio, imprint, …); a well-formed slug
 * that names no page is a fatal not-found.
 */
export const pageHandler: Handler<AppEnv> = async (c) => {
  const content = contentFor(c);
  const [page, layout] = await Promise.all([
    content.page(c.req.param("slug") ?? ""),
    loadLayout(c),
  ]);
  // The slug is well-formed but names no document.
  if (!page) throw pageNotFound(new URL(c.req.url).pathname);
  const description = page.description?.trim() || layout.site.description;

  return renderHtml(c, layout, {
    title: page.title,
    description,
    meta: {
      type: "website",
      image: socialImage(content.images, firstImage(page.body) ?? layout.socialImage),
    },
    main: <PageView page={page} imageFor={content.images.responsive} siteOrigin={siteOrigin(c)} />,
  });
};
