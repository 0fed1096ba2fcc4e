import type { PhotoGroup } from "../content/collection.ts";
import type { ImageFor } from "../content/image-urls.ts";
import { paths } from "../content/paths.ts";
import { useI18n } from "../views/i18n.tsx";
import { ResponsiveImage } from "../views/parts/ResponsiveImage.tsx";
import { FIRST_SCREEN } from "./PhotoGrid.tsx";

interface TagsViewProps {
  tags: readonly PhotoGroup[];
  imageFor: ImageFor;
}

/** A square cover, cropped around the photograph's hotspot. */
const COVER = { aspect: 1, maxWidth: 640, widths: [320, 480] } as const;

/** Every tag, the most used first: a cover (its newest photograph), its name and its count. */
export function TagsView({ tags, imageFor }: TagsViewProps) {
  const { t, name } = useI18n();
  return (
    <div className="mx-auto max-w-7xl px-3 py-10 sm:px-6 sm:py-14">
      <div className="panel mb-6 px-5 py-6 sm:px-8">
        <h1 className="collection-title">{t("tags.title")}</h1>
        <p className="mt-2 text-neutral-700 dark:text-neutral-300">
          {tags.length === 0 ? t("tags.none") : t("tags.count", { count: tags.length })}
          {tags.length > 0 && (
            <a href={paths.photos()} className="underline underline-offset-4">
              {t("tags.everyPhotograph")}
            </a>
          )}
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
        {tags.map((tag, index) => {
          const cover = tag.photos[0];
          return (
            <li key={tag.slug} data-after-paint={index < FIRST_SCREEN ? undefined : ""}>
              <a href={paths.tag(tag.slug)} className="panel focus-ring block overflow-hidden p-0">
                {cover && (
                  <ResponsiveImage
                    source={imageFor(cover.image, COVER)}
                    asset={cover.image.asset}
                    alt=""
                    sizes="(min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
                    loading={index === 0 ? "lcp" : index < FIRST_SCREEN ? "eager" : "lazy"}
                    className="aspect-square object-cover"
                  />
                )}
                <span className="block px-3 py-2">
                  <span className="block font-medium text-neutral-950 dark:text-white">
                    {name(tag.name)}
                  </span>
                  <span className="block text-sm text-neutral-700 dark:text-neutral-300">
                    {t("collection.photographs", { count: tag.photos.length })}
                  </span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
