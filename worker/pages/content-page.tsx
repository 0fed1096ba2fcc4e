import type { Handler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { loadSiteSettings } from "../content/load-site-settings.ts";
import { requestContent } from "../content/request-content.ts";
import { pageNotFound } from "../errors/page-error.ts";
import { renderPage } from "../render/render-page.tsx";
import { siteOrigin } from "../seo/canonical.ts";
import { firstImage, socialImage } from "../seo/social-image.ts";
import { ContentPageView, leadsWithPhotograph } from "../views/ContentPageView.tsx";
import { loadLayout } from "./load-layout.ts";

/** `/{slug}`: a Sanity `page` document (contact, portfolio, imprint, …). */
export const contentPage: Handler<AppEnv> = async (c) => {
  const site = await loadSiteSettings(c);
  const content = requestContent(c);
  const page = await content.page(c.req.param("slug") ?? "");
  // The slug is well-formed but names no document.
  if (!page) throw pageNotFound(new URL(c.req.url).pathname);
  const description = page.description?.trim() || site.description;

  const layout = await loadLayout(c);
  return renderPage(c, layout, {
    title: page.title,
    ownLead: leadsWithPhotograph(page),
    description,
    meta: {
      type: "website",
      image: socialImage(content.images, firstImage(page.body) ?? layout.socialImage),
    },
    content: (
      <ContentPageView
        page={page}
        imageFor={content.images.responsive}
        siteOrigin={siteOrigin(c)}
      />
    ),
  });
};
