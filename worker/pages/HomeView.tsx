import type { ImageFor } from "../content/image-urls.ts";
import type { PostSummary, TextBlock } from "../content/model.ts";
import type { Fallbacks } from "../content/site-settings.ts";
import { fallback } from "../views/helpers/fallback.ts";
import { useI18n } from "../views/i18n.tsx";
import { RichText } from "../views/parts/RichText.tsx";
import { PostCard } from "./PostCard.tsx";

interface HomeViewProps {
  title: string;
  /** The texts shown in the site's own language, for want of a translation. */
  lang: Fallbacks;
  /** Shown when the owner has written no introduction. */
  description: string;
  intro: TextBlock[] | null;
  posts: PostSummary[];
  imageFor: ImageFor;
  siteOrigin: string;
}

/** The cards' width in the grid below: 3 columns of the 80rem container, 2, then 1. */
const CARD_SIZES =
  "(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 48vw, 100vw";

/** The home page: the owner's introduction over the slideshow, then the latest posts. */
export function HomeView({
  title,
  lang,
  description,
  intro,
  posts,
  imageFor,
  siteOrigin,
}: HomeViewProps) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-20 lg:px-8">
      <section
        aria-labelledby="intro-title"
        className="home-intro panel mx-auto max-w-3xl px-6 py-10 sm:px-10 sm:py-12"
      >
        <h1
          {...fallback(lang.title, i18n)}
          id="intro-title"
          className="font-serif text-4xl tracking-tight text-balance text-neutral-950 sm:text-5xl dark:text-white"
        >
          {title}
        </h1>
        {intro?.length ? (
          <RichText
            value={intro}
            imageFor={imageFor}
            siteOrigin={siteOrigin}
            className="mt-6"
            fallbackLanguage={lang.intro}
          />
        ) : (
          <p
            {...fallback(lang.description, i18n)}
            className="mt-4 text-lg text-neutral-700 dark:text-neutral-300"
          >
            {description}
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
            {t("home.latestPosts")}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
            {posts.map((post) => (
              // Below the fold on a phone: rendered (and its cover fetched) after the first paint.
              <li key={post.slug} className="flex" data-after-paint="">
                <PostCard post={post} imageFor={imageFor} sizes={CARD_SIZES} />
              </li>
            ))}
          </ul>
          <p className="mt-8 text-center">
            <a href="/archive" className="panel focus-ring inline-block px-5 py-2 font-medium">
              {t("home.allPosts")}{" "}
              <span aria-hidden="true" className="mirror">
                →
              </span>
            </a>
          </p>
        </section>
      )}
    </div>
  );
}
