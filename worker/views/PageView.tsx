import type { ReactNode } from "react";
import type { ImageFor } from "../content/image-urls.ts";
import type { PageDocument } from "../content/model.ts";
import { fallback } from "./helpers/fallback.ts";
import { photoLinks } from "./helpers/photo-links.ts";
import { useI18n } from "./i18n.tsx";
import { RichText } from "./parts/RichText.tsx";

interface PageViewProps {
  page: PageDocument;
  imageFor: ImageFor;
  siteOrigin: string;
  /** What follows the page's text in its panel (the contact page's inquiry form). */
  children?: ReactNode;
}

/** A `page` document (contact, portfolio, imprint, …). */
export function PageView({ page, imageFor, siteOrigin, children }: PageViewProps) {
  // Pages with galleries (the portfolio) use the whole screen; text pages a readable column.
  const wide = page.body?.some((block) => block._type === "gallery") ?? false;
  const i18n = useI18n();
  const heading = fallback(page.lang?.title, i18n);
  return (
    <article
      className={`mx-auto px-4 py-12 sm:px-6 sm:py-16 lg:px-8 ${wide ? "max-w-[150rem]" : "max-w-3xl"}`}
    >
      <div className="panel px-5 py-10 sm:px-10 sm:py-12 lg:px-12">
        {/* Laid out in the title's direction: an English title on an Arabic page starts left,
            as the English text below it does. */}
        <header className="mb-8" dir={heading.dir}>
          <h1
            {...heading}
            className="max-w-3xl font-serif text-4xl tracking-tight text-balance text-neutral-950 sm:text-5xl dark:text-white"
          >
            {page.title}
          </h1>
          {page.description && (
            <p
              {...fallback(page.lang?.description, i18n)}
              className="mt-4 max-w-3xl text-lg text-neutral-700 sm:text-xl dark:text-neutral-300"
            >
              {page.description}
            </p>
          )}
        </header>
        <RichText
          value={page.body}
          imageFor={imageFor}
          siteOrigin={siteOrigin}
          measure={wide ? "wide" : "prose"}
          photoLink={photoLinks("page", page.slug)}
          // The first photograph is on the first screen; galleries fill their columns top to
          // bottom, so the rest of the first row is spread through the list: those load lazily,
          // which in view means at once.
          firstScreen={1}
          lead={leadsWithPhotograph(page)}
          fallbackLanguage={page.lang?.body}
        />
        {children}
      </div>
    </article>
  );
}

/**
 * A page that opens with a photograph or a gallery (in its first two blocks, at most a short
 * introduction before it) has that photograph as its largest paint; a text page does not.
 */
const leadsWithPhotograph = (page: PageDocument) =>
  (page.body ?? [])
    .slice(0, 2)
    .some((block) => block._type === "gallery" || block._type === "image");
