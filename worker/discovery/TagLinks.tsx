import type { PhotoGroup } from "../content/collection.ts";
import { paths } from "../content/paths.ts";
import { useI18n } from "../views/i18n.tsx";

interface TagLinksProps {
  tags: readonly PhotoGroup[];
  heading?: string;
}

/** Every tag as a link to its page, with how many photographs it has. */
export function TagLinks({ tags, heading }: TagLinksProps) {
  const { t, number, name } = useI18n();
  if (tags.length === 0) return null;
  return (
    <section
      aria-label={heading ? undefined : t("photo.tags")}
      aria-labelledby={heading ? "tags-title" : undefined}
      className="mt-6"
    >
      {heading && (
        <h2 id="tags-title" className="mb-3 font-serif text-2xl text-neutral-950 dark:text-white">
          {heading}
        </h2>
      )}
      <ul className="tag-links">
        {tags.map((tag) => (
          <li key={tag.slug}>
            <a href={paths.tag(tag.slug)}>
              {name(tag.name)}
              {/* The count is seen; read aloud, it is "12 photographs". */}
              <span className="text-neutral-600 dark:text-neutral-400">
                <span aria-hidden="true"> {number(tag.photos.length)}</span>
                <span className="sr-only">
                  : {t("collection.photographs", { count: tag.photos.length })}
                </span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
