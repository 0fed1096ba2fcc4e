import type { Handler } from "hono";
import { PageMeta } from "../../client/components/content/PageMeta.tsx";
import { PostHeader } from "../../client/components/content/PostHeader.tsx";
import { RichText } from "../../client/components/content/RichText.tsx";
import type { AppEnv } from "../app-env.ts";
import { contentSource } from "../content/content-source.ts";
import { pageNotFound } from "../errors/page-error.ts";
import { documentTitle, renderPage } from "../render/render-page.tsx";
import { canonicalUrl, siteOrigin } from "../seo/canonical.ts";
import { socialImage } from "../seo/social-image.ts";
import { blogPostingLd } from "../seo/structured-data.ts";

/** The later of two ISO dates: an edit made before the publication date changes nothing. */
const later = (a: string, b: string | undefined) => (b && Date.parse(b) > Date.parse(a) ? b : a);

/** `/post/{slug}`: a Sanity `post` document. */
export const postPage: Handler<AppEnv> = async (c) => {
  const site = c.get("site");
  const path = new URL(c.req.url).pathname;
  const content = contentSource(c);
  const post = await content.post(c.req.param("slug") ?? "");
  // R1: the slug is well-formed but names no document.
  if (!post) throw pageNotFound(path);

  const urls = content.images;
  const canonical = canonicalUrl(c);
  const description = post.excerpt?.trim() || site.description;
  const image = socialImage(urls, post.mainImage);
  const modified = later(post.publishedAt, post._updatedAt);

  return renderPage(c, {
    title: post.title,
    description,
    head: (
      <PageMeta
        canonical={canonical}
        title={documentTitle(post.title, site.title)}
        description={description}
        siteName={site.title}
        type="article"
        image={image}
        publishedTime={post.publishedAt}
        modifiedTime={modified}
        jsonLd={[
          blogPostingLd({
            headline: post.title,
            description: post.excerpt,
            url: canonical,
            datePublished: post.publishedAt,
            dateModified: modified,
            image: image?.url,
            author: { name: site.owner, url: canonicalUrl(c, "/") },
          }),
        ]}
      />
    ),
    content: (
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="panel px-5 py-10 sm:px-10 sm:py-12">
          <PostHeader
            title={post.title}
            publishedAt={post.publishedAt}
            excerpt={post.excerpt}
            cover={post.mainImage}
            imageFor={urls.responsive}
          />
          <RichText value={post.body} imageFor={urls.responsive} siteOrigin={siteOrigin(c)} />
        </div>
      </article>
    ),
  });
};
