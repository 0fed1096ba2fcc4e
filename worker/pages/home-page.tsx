import type { Handler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { loadSiteSettings } from "../content/load-site-settings.ts";
import { requestContent } from "../content/request-content.ts";
import { renderPage } from "../render/render-page.tsx";
import { canonicalUrl, siteOrigin } from "../seo/canonical.ts";
import { socialImage } from "../seo/social-image.ts";
import { personLd } from "../seo/structured-data.ts";
import { HomeView } from "../views/HomeView.tsx";
import { loadLayout } from "./load-layout.ts";

/** `/`: the owner's intro over the slideshow, then the latest posts. */
export const homePage: Handler<AppEnv> = async (c) => {
  const site = await loadSiteSettings(c);
  const content = requestContent(c);
  // A content-service failure propagates: with nothing cached it is the 500 page.
  const { posts } = await content.home();
  const layout = await loadLayout(c);

  return renderPage(c, layout, {
    meta: {
      type: "website",
      image: socialImage(content.images, layout.socialImage),
      jsonLd: [
        personLd({
          name: site.owner,
          url: canonicalUrl(c, "/"),
          sameAs: site.socialLinks.map((link) => link.href),
        }),
      ],
    },
    content: (
      <HomeView
        title={site.title}
        description={site.description}
        intro={site.intro}
        posts={posts}
        imageFor={content.images.responsive}
        siteOrigin={siteOrigin(c)}
      />
    ),
  });
};
