import type { Handler } from "hono";
import { PageMeta } from "../../client/components/content/PageMeta.tsx";
import { PostCard } from "../../client/components/content/PostCard.tsx";
import { RichText } from "../../client/components/content/RichText.tsx";
import type { AppEnv } from "../app-env.ts";
import { contentSource } from "../content/content-source.ts";
import { renderPage } from "../render/render-page.tsx";
import { canonicalUrl, siteOrigin } from "../seo/canonical.ts";
import { personLd } from "../seo/structured-data.ts";

/** The cards' width in the grid below: 3 columns of the 80rem container, 2, then 1. */
const CARD_SIZES =
  "(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 48vw, 100vw";

/** `/`: the owner's intro over the slideshow, then the latest posts. */
export const homePage: Handler<AppEnv> = async (c) => {
  const site = c.get("site");
  const content = contentSource(c);
  // A content-service failure propagates: with nothing cached it is the 500 page (C6).
  const { intro, posts } = await content.home();
  const urls = content.images;
  const origin = siteOrigin(c);
  const home = canonicalUrl(c, "/");

  return renderPage(c, {
    head: (
      <PageMeta
        canonical={home}
        title={site.title}
        description={site.description}
        siteName={site.title}
        type="website"
        jsonLd={[personLd({ name: site.owner, url: home, sameAs: [site.socialUrl] })]}
      />
    ),
    content: (
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-20 lg:px-8">
        <section
          aria-labelledby="intro-title"
          className="panel mx-auto max-w-3xl px-6 py-10 sm:px-10 sm:py-12"
        >
          <h1
            id="intro-title"
            className="font-serif text-4xl tracking-tight text-balance text-neutral-950 sm:text-5xl dark:text-white"
          >
            {site.title}
          </h1>
          {intro?.length ? (
            <RichText
              value={intro}
              imageFor={urls.responsive}
              siteOrigin={origin}
              className="mt-6"
            />
          ) : (
            <p className="mt-4 text-lg text-neutral-700 dark:text-neutral-300">
              {site.description}
            </p>
          )}
        </section>

        {posts.length > 0 && (
          <section aria-labelledby="latest-posts" className="mt-16 sm:mt-24">
            {/* A small surface of its own: a bare heading would be unreadable over a photograph. */}
            <h2
              id="latest-posts"
              className="panel mb-6 inline-block px-5 py-2 font-serif text-2xl tracking-tight text-neutral-950 sm:text-3xl dark:text-white"
            >
              Latest posts
            </h2>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
              {posts.map((post) => (
                <li key={post.slug} className="flex">
                  <PostCard post={post} imageFor={urls.responsive} sizes={CARD_SIZES} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    ),
  });
};
