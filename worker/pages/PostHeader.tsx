import type { ImageFor } from "../content/image-urls.ts";
import type { ContentImage } from "../content/model.ts";
import { fallback } from "../views/helpers/fallback.ts";
import { PHONE_GUTTERS } from "../views/helpers/gallery-layout.ts";
import { useI18n } from "../views/i18n.tsx";
import { ContentFigure } from "../views/parts/ContentFigure.tsx";
import { PublishedDate } from "../views/parts/PublishedDate.tsx";

interface PostHeaderProps {
  title: string;
  publishedAt: string;
  excerpt?: string | null;
  cover: ContentImage | null;
  imageFor: ImageFor;
  /** The cover's own page, when photographs have pages. */
  coverLink?: { href: string; id: string } | undefined;
  /** The texts shown in the site's own language, for want of a translation. */
  lang?: { title?: unknown; excerpt?: unknown };
}

/**
 * Title, date, lead and cover photograph. The cover is above the fold, so it loads eagerly at
 * high priority (the page's largest paint); an upright cover is kept narrower so the title and
 * the start of the text stay on the first screen.
 */
export function PostHeader({
  title,
  publishedAt,
  excerpt,
  cover,
  imageFor,
  coverLink,
  lang,
}: PostHeaderProps) {
  const i18n = useI18n();
  const upright = cover?.asset ? cover.asset.height > cover.asset.width : false;
  return (
    <header className="mb-10">
      <PublishedDate
        iso={publishedAt}
        className="text-sm font-semibold tracking-wide text-primary-800 uppercase dark:text-primary-300"
      />
      <h1
        {...fallback(lang?.title, i18n)}
        className="mt-2 font-serif text-4xl tracking-tight text-balance text-neutral-950 sm:text-5xl dark:text-white"
      >
        {title}
      </h1>
      {excerpt && (
        <p
          {...fallback(lang?.excerpt, i18n)}
          className="mt-4 text-lg text-neutral-700 sm:text-xl dark:text-neutral-300"
        >
          {excerpt}
        </p>
      )}
      {cover && (
        <ContentFigure
          image={cover}
          imageFor={imageFor}
          options={{ maxWidth: 1600 }}
          sizes={`${upright ? "(min-width: 640px) 448px" : "(min-width: 768px) 672px"}, calc(100vw - ${PHONE_GUTTERS})`}
          loading="lcp"
          photo={coverLink}
          className={`mt-8 ${upright ? "sm:mx-auto sm:max-w-md" : ""}`}
        />
      )}
    </header>
  );
}
