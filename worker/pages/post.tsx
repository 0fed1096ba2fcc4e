import type { Handler } from "hono";
import { pageNotFound } from "../errors/page-error.ts";
import { postModified } from "../render/feed.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { canonicalUrl, contentFor, siteOrigin } from "../request/context.ts";
import { firstImage, socialImage } from "../seo/social-image.ts";
import { blogPostingLd } from "../seo/structured-data.ts";
import { PostView } from "./PostView.tsx";

/**
 * `/post/{slug}`: a Sanity `post` document, with its article metadata and structured data; a
 * well-formed slug that names no published post is a fatal not-found.
 */
export const postHandler: Handler<AppEnv> = async (c) => {
  const content = contentFor(c);
  const [post, layout] = await Promise.all([
    content.post(c.req.param("slug") ?? ""),
    loadLayout(c),
  ]);
  // The slug is well-formed but names no document.
  if (!post) throw pageNotFound(new URL(c.req.url).pathname);

  const { site } = layout;
  const description = post.excerpt?.trim() || site.description;
  const cover = post.mainImage?.asset ? post.mainImage : firstImage(post.body);
  const image = socialImage(content.images, cover ?? layout.socialImage);
  const modified = postModified(post);

  return renderHtml(c, layout, {
    title: post.title,
    description,
    meta: {
      type: "article",
      image,
      publishedTime: post.publishedAt,
      modifiedTime: modified,
      jsonLd: [
        blogPostingLd({
          headline: post.title,
          description: post.excerpt,
          url: canonicalUrl(c),
          datePublished: post.publishedAt,
          dateModified: modified,
          image: image?.url,
          author: { name: site.owner, url: canonicalUrl(c, "/") },
        }),
      ],
    },
    main: <PostView post={post} imageFor={content.images.responsive} siteOrigin={siteOrigin(c)} />,
  });
};
