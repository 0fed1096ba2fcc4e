import type { Handler } from "hono";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { canonicalUrl, contentFor, siteOrigin } from "../request/context.ts";
import { socialImage } from "../seo/social-image.ts";
import { personLd } from "../seo/structured-data.ts";
import { HomeView } from "./HomeView.tsx";

/**
 * `/`: the owner's intro over the slideshow, then the latest posts.
 */
export const homeHandler: Handler<AppEnv> = async (c) => {
  const content = contentFor(c);
  // A content-service failure propagates: with nothing cached it is the 500 page.
  const [{ posts }, layout] = await Promise.all([content.home(), loadLayout(c)]);
  const { site } = layout;

  return renderHtml(c, layout, {
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
    main: (
      <HomeView
        title={site.title}
        lang={site.lang}
        description={site.description}
        intro={site.intro}
        posts={posts}
        imageFor={content.images.responsive}
        siteOrigin={siteOrigin(c)}
      />
    ),
  });
};
