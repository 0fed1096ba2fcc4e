import type { Handler } from "hono";
import { PageMeta } from "../../client/components/content/PageMeta.tsx";
import { RichText } from "../../client/components/content/RichText.tsx";
import type { AppEnv } from "../app-env.ts";
import { contentSource } from "../content/content-source.ts";
import { pageNotFound } from "../errors/page-error.ts";
import { documentTitle, renderPage } from "../render/render-page.tsx";
import { canonicalUrl, siteOrigin } from "../seo/canonical.ts";
import { firstImage, socialImage } from "../seo/social-image.ts";

/** `/{slug}`: a Sanity `page` document (contact, portfolio, imprint, …). */
export const contentPage: Handler<AppEnv> = async (c) => {
  const site = c.get("site");
  const path = new URL(c.req.url).pathname;
  const content = contentSource(c);
  const page = await content.page(c.req.param("slug") ?? "");
  // R1: the slug is well-formed but names no document.
  if (!page) throw pageNotFound(path);

  const urls = content.images;
  const description = page.description?.trim() || site.description;
  // Pages with galleries (the portfolio) use the whole screen; text pages a readable column.
  const wide = page.body?.some((block) => block._type === "gallery") ?? false;

  return renderPage(c, {
    title: page.title,
    description,
    head: (
      <PageMeta
        canonical={canonicalUrl(c)}
        title={documentTitle(page.title, site.title)}
        description={description}
        siteName={site.title}
        type="website"
        image={socialImage(urls, firstImage(page.body))}
      />
    ),
    content: (
      <article
        className={`mx-auto px-4 py-12 sm:px-6 sm:py-16 lg:px-8 ${wide ? "max-w-[150rem]" : "max-w-3xl"}`}
      >
        <div className="panel px-5 py-10 sm:px-10 sm:py-12 lg:px-12">
          <header className="mb-8 max-w-3xl">
            <h1 className="font-serif text-4xl tracking-tight text-balance text-neutral-950 sm:text-5xl dark:text-white">
              {page.title}
            </h1>
            {page.description && (
              <p className="mt-4 text-lg text-neutral-700 sm:text-xl dark:text-neutral-300">
                {page.description}
              </p>
            )}
          </header>
          <RichText
            value={page.body}
            imageFor={urls.responsive}
            siteOrigin={siteOrigin(c)}
            measure={wide ? "wide" : "prose"}
          />
        </div>
      </article>
    ),
  });
};
