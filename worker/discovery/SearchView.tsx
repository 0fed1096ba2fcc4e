import type { PhotoGroup } from "../content/collection.ts";
import type { ImageFor } from "../content/image-urls.ts";
import type { CollectionPhoto, FoundDocument } from "../content/model.ts";
import { paths } from "../content/paths.ts";
import type { Translator } from "../i18n/translator.ts";
import { LIMIT_WAIT } from "../request/visitor-key.ts";
import { useI18n } from "../views/i18n.tsx";
import { PublishedDate } from "../views/parts/PublishedDate.tsx";
import { PhotoGrid } from "./PhotoGrid.tsx";
import { MAX_QUERY_LENGTH } from "./search-terms.ts";
import { TagLinks } from "./TagLinks.tsx";

/** A found document and the piece of its text that matched. */
export interface DocumentResult {
  document: FoundDocument;
  snippet: string;
}

export type SearchOutcome =
  | { kind: "empty"; tags: readonly PhotoGroup[] }
  | { kind: "too-long"; tags: readonly PhotoGroup[] }
  /** Past the visitor's searches for the minute (SEARCH_LIMIT). */
  | { kind: "refused"; query: string; tags: readonly PhotoGroup[] }
  | {
      kind: "results";
      query: string;
      /** The photographs shown: the first slice of those found. */
      photos: readonly CollectionPhoto[];
      /** How many photographs were found. */
      found: number;
      documents: readonly DocumentResult[];
    };

interface SearchViewProps {
  outcome: SearchOutcome;
  imageFor: ImageFor;
}

/**
 * The search page: the form (a plain GET form: it works without JavaScript, and the address is
 * the search), then `[data-search-results]`: photographs as thumbnails, posts and pages as
 * titles with a snippet, each best first, or a message saying why there is nothing. The search
 * dialog (client/discovery/search.ts) shows the same part. Everything the visitor typed reaches
 * the page only as text React escapes.
 */
export function SearchView({ outcome, imageFor }: SearchViewProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const query = outcome.kind === "results" || outcome.kind === "refused" ? outcome.query : "";
  return (
    <div className="mx-auto max-w-[120rem] px-3 py-10 sm:px-6 sm:py-14">
      <div className="panel mx-auto mb-6 max-w-3xl px-5 py-6 sm:px-8">
        <h1 className="collection-title">{t("search.title")}</h1>
        <search>
          <form action={paths.search()} method="get" className="mt-4 flex gap-2">
            <label htmlFor="search-q" className="sr-only">
              {t("search.label")}
            </label>
            <input
              id="search-q"
              type="search"
              name="q"
              defaultValue={query}
              placeholder={t("search.placeholder")}
              autoComplete="off"
              // biome-ignore lint/a11y/noAutofocus: the page is the search box; a visitor who came to search (the header's link, before its script ran) types at once, and a page of results keeps the focus where a reader starts.
              autoFocus={query === ""}
              data-search-input=""
              className="focus-ring min-w-0 flex-1 rounded-full border border-neutral-400 bg-white px-4 py-2 text-neutral-950 dark:border-neutral-600 dark:bg-neutral-900 dark:text-white"
            />
            <button
              type="submit"
              className="focus-ring rounded-full bg-primary-700 px-5 py-2 font-medium text-white hover:bg-primary-800 dark:bg-primary-400 dark:text-neutral-950 dark:hover:bg-primary-300"
            >
              {t("search.submit")}
            </button>
          </form>
        </search>
      </div>
      <div data-search-results="">{results(outcome, imageFor, i18n)}</div>
    </div>
  );
}

function Message({ children }: { children: React.ReactNode }) {
  return (
    <p data-search-message="" className="text-neutral-800 dark:text-neutral-200">
      {children}
    </p>
  );
}

function results(outcome: SearchOutcome, imageFor: ImageFor, { t }: Translator) {
  if (outcome.kind !== "results") {
    return (
      <div className="panel mx-auto max-w-3xl px-5 py-6 sm:px-8">
        <Message>
          {outcome.kind === "too-long"
            ? t("search.tooLong", { max: MAX_QUERY_LENGTH })
            : outcome.kind === "refused"
              ? t("search.tooMany", { when: LIMIT_WAIT })
              : t("search.intro")}
        </Message>
        <TagLinks tags={outcome.tags} heading={t("search.browseTags")} />
      </div>
    );
  }
  const { query, photos, found, documents } = outcome;
  if (photos.length === 0 && documents.length === 0) {
    return (
      <div className="panel mx-auto max-w-3xl px-5 py-6 sm:px-8">
        <Message>
          {t("search.nothingBefore", { query })}{" "}
          <a href={paths.photos()} className="underline underline-offset-4">
            {t("search.everyPhotograph")}
          </a>
          .
        </Message>
      </div>
    );
  }
  return (
    <>
      {/* How many of each kind, so results below the fold are not missed. */}
      <p className="panel mb-4 block w-fit px-4 py-2 text-sm" data-search-message="">
        {t("search.found", {
          photos: t("collection.photographs", { count: found }),
          count: documents.length,
          query,
        })}
        {found > photos.length && <> {t("search.firstOf", { shown: photos.length })}</>}
      </p>
      {photos.length > 0 && (
        <section aria-labelledby="found-photos" className="mb-8">
          <h2 id="found-photos" className="panel mb-4 inline-block px-4 py-2 font-serif text-2xl">
            {t("collection.photographs", { count: photos.length })}
          </h2>
          <PhotoGrid
            photos={photos}
            imageFor={imageFor}
            label={t("search.titleQuery", { query })}
            offset={0}
            total={photos.length}
            // The search box and the results' heading come first.
            lead="first"
          />
        </section>
      )}
      {documents.length > 0 && (
        <section
          aria-labelledby="found-documents"
          className="panel mx-auto max-w-3xl px-5 py-6 sm:px-8"
        >
          <h2 id="found-documents" className="font-serif text-2xl text-neutral-950 dark:text-white">
            {t("search.documents")}
          </h2>
          <ol className="mt-4 grid gap-5" data-search-documents="">
            {documents.map(({ document, snippet }) => (
              <li key={`${document._type}/${document.slug}`}>
                <a
                  href={paths.document(document._type, document.slug)}
                  className="archive-title text-lg"
                >
                  {document.title}
                </a>
                <p className="text-sm text-neutral-600 dark:text-neutral-400">
                  {document._type === "post" ? t("search.post") : t("search.page")}
                  {document._type === "post" && document.publishedAt && (
                    <>
                      {" · "}
                      <PublishedDate iso={document.publishedAt} />
                    </>
                  )}
                </p>
                {snippet && (
                  <p className="mt-1 text-neutral-800 dark:text-neutral-200">{snippet}</p>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
