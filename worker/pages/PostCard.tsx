import type { ImageFor } from "../content/image-urls.ts";
import { altLanguageOf, altTextOf, type PostSummary } from "../content/model.ts";
import { paths } from "../content/paths.ts";
import { fallback } from "../views/helpers/fallback.ts";
import { useI18n } from "../views/i18n.tsx";
import { PublishedDate } from "../views/parts/PublishedDate.tsx";
import { ResponsiveImage } from "../views/parts/ResponsiveImage.tsx";

interface PostCardProps {
  post: PostSummary;
  imageFor: ImageFor;
  /** The cards' column widths, matching the grid around them. */
  sizes: string;
}

/** Covers share one shape so that a row of cards lines up; the CDN crops to it. */
const CARD_ASPECT = 3 / 2;

/**
 * A post in a list. The title's link is stretched over the whole card (one link, one tab stop,
 * a sensible accessible name) instead of wrapping the card's content in an anchor.
 */
export function PostCard({ post, imageFor, sizes }: PostCardProps) {
  const cover = post.mainImage?.asset ? post.mainImage : null;
  const i18n = useI18n();
  return (
    <article className="panel group relative flex flex-col overflow-hidden transition-shadow focus-within:shadow-2xl hover:shadow-2xl">
      {cover?.asset && (
        <ResponsiveImage
          source={imageFor(
            { ...cover, asset: cover.asset },
            { aspect: CARD_ASPECT, maxWidth: 1280 },
          )}
          asset={cover.asset}
          alt={altTextOf(cover)}
          altLanguage={fallback(altLanguageOf(cover, i18n.base), i18n)}
          sizes={sizes}
          // Rounded itself: a composited (transformed) child can escape the card's corner clipping.
          className="rounded-t-2xl transition-transform duration-500 group-hover:scale-[1.02] motion-reduce:transition-none"
        />
      )}
      <div className="flex flex-1 flex-col gap-2 px-5 pt-4 pb-6">
        <PublishedDate
          iso={post.publishedAt}
          className="text-sm font-medium text-primary-800 dark:text-primary-300"
        />
        <h3
          {...fallback(post.lang?.title, i18n)}
          className="font-serif text-xl tracking-tight text-neutral-950 dark:text-white"
        >
          <a
            href={paths.post(post.slug)}
            className="focus-ring rounded-sm after:absolute after:inset-0 after:content-[''] group-hover:text-primary-800 dark:group-hover:text-primary-300"
          >
            {post.title}
          </a>
        </h3>
        {post.excerpt && (
          <p
            {...fallback(post.lang?.excerpt, i18n)}
            className="text-neutral-700 leading-relaxed dark:text-neutral-300"
          >
            {post.excerpt}
          </p>
        )}
      </div>
    </article>
  );
}
