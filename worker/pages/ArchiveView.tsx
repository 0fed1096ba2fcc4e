import type { ImageFor } from "../content/image-urls.ts";
import { altLanguageOf, altTextOf, type PostSummary } from "../content/model.ts";
import { paths } from "../content/paths.ts";
import { fallback } from "../views/helpers/fallback.ts";
import { useI18n } from "../views/i18n.tsx";
import { Pagination } from "../views/parts/Pagination.tsx";
import { PublishedDate, yearIn } from "../views/parts/PublishedDate.tsx";
import { ResponsiveImage } from "../views/parts/ResponsiveImage.tsx";

interface ArchiveViewProps {
  posts: PostSummary[];
  /** 1-based. */
  slice: number;
  slices: number;
  total: number;
  imageFor: ImageFor;
  /** The address of an archive slice. */
  sliceHref: (slice: number) => string;
}

/** A small square cover beside each title: enough to recognise a post, cheap in HTML. */
const COVER = { aspect: 1, maxWidth: 160, widths: [80] } as const;

/**
 * Every published post, newest first, grouped by year, a page at a time, with numbered links
 * to every page (any post is two clicks from here). Text first: titles and dates, and a small
 * cover.
 */
export function ArchiveView({
  posts,
  slice,
  slices,
  total,
  imageFor,
  sliceHref,
}: ArchiveViewProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const years: { year: number; posts: PostSummary[] }[] = [];
  for (const post of posts) {
    const year = yearIn(post.publishedAt, i18n.timeZone);
    const group = years.at(-1);
    if (group?.year === year) group.posts.push(post);
    else years.push({ year, posts: [post] });
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="panel px-5 py-10 sm:px-10 sm:py-12">
        <h1 className="font-serif text-4xl tracking-tight text-neutral-950 sm:text-5xl dark:text-white">
          {t("archive.title")}
        </h1>
        <p className="mt-3 text-neutral-700 dark:text-neutral-300">
          {t("archive.count", { count: total })}
          {slices > 1 ? ` · ${t("list.pageOf", { page: slice, pages: slices })}` : ""}
        </p>
        {years.map(({ year, posts: inYear }) => (
          <section key={year} aria-labelledby={`year-${year}`} className="mt-10">
            <h2
              id={`year-${year}`}
              className="border-b border-neutral-200 pb-2 font-serif text-2xl text-neutral-950 dark:border-neutral-800 dark:text-white"
            >
              {year}
            </h2>
            <ul className="archive-list">
              {inYear.map((post) => (
                <li key={post.slug}>
                  {post.mainImage?.asset ? (
                    <ResponsiveImage
                      source={imageFor({ ...post.mainImage, asset: post.mainImage.asset }, COVER)}
                      asset={post.mainImage.asset}
                      alt={altTextOf(post.mainImage)}
                      altLanguage={fallback(altLanguageOf(post.mainImage, i18n.base), i18n)}
                      sizes="80px"
                      className="archive-cover"
                    />
                  ) : (
                    <span className="archive-cover" />
                  )}
                  <a
                    href={paths.post(post.slug)}
                    className="archive-title"
                    {...fallback(post.lang?.title, i18n)}
                  >
                    {post.title}
                  </a>
                  <PublishedDate iso={post.publishedAt} className="archive-date" />
                </li>
              ))}
            </ul>
          </section>
        ))}
        <Pagination
          slice={slice}
          slices={slices}
          href={sliceHref}
          label={t("archive.pages")}
          around={Number.POSITIVE_INFINITY}
        />
      </div>
    </div>
  );
}
