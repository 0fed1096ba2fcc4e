import type { CSSProperties } from "react";
import type { MessageKey } from "../../shared/i18n/messages.ts";
import { BrowserMessages } from "../views/BrowserMessages.tsx";
import { useI18n } from "../views/i18n.tsx";
import { Pagination } from "../views/parts/Pagination.tsx";
import { preloadLargestPaint } from "../views/parts/ResponsiveImage.tsx";
import { GalleryCover } from "./GalleryCover.tsx";
import type { GalleryPhoto } from "./gallery-store.ts";
import { Heart, HeartNotice } from "./Heart.tsx";
import { type DownloadSize, galleryPaths } from "./ids.ts";
import { GRID_SIZES, srcSetOf } from "./images.ts";
import type { Downloads, Stage } from "./settings.ts";
import { GALLERY_SLICE, type GalleryFilter, gridAddress } from "./slices.ts";

/** How wide a thumbnail of this shape is drawn (rows stretch it a little to fill the line). */
const sizesFor = (ratio: number) =>
  `(min-width:640px) ${Math.round(ratio * 224 * 1.25)}px, ${Math.round(ratio * 160 * 1.25)}px`;

export interface GalleryViewProps {
  id: string;
  title: string;
  clientName: string | undefined;
  photos: readonly GalleryPhoto[];
  /** The photographs of the grid (all, or the favourites when filtered), every slice. */
  shown: readonly GalleryPhoto[];
  /** The slice of `shown` this page holds (1-based), of how many. */
  slice: number;
  slices: number;
  favourites: ReadonlySet<string>;
  filter: GalleryFilter;
  limit: number | undefined;
  downloads: Downloads;
  /** The gallery's stage: its sizes' addresses name it (the browser keeps proofs apart). */
  stage: Stage;
  /** Whether the client can order prints (each photograph's page has Buy). */
  prints: boolean;
  /** Who is choosing, when they said. */
  client: string | undefined;
  sent: { note: string; at: string } | undefined;
  /** What the last form post left to say. */
  notice: keyof typeof NOTICES | undefined;
  /** The photograph whose heart the notice is about: said over it, not at the top. */
  noticeAt?: string | undefined;
  /** This page's own address, where forms come back to. */
  here: string;
  cover: GalleryPhoto | undefined;
}

const NOTICES = {
  "client-needed": "gallery.notice.clientNeeded",
  "client-missing": "gallery.notice.clientMissing",
  "client-sent": "gallery.notice.clientSent",
  "client-wait": "gallery.notice.clientWait",
  "client-expired": "gallery.notice.clientExpired",
  limit: "gallery.notice.limit",
  sent: "gallery.notice.sent",
  "sent-wait": "gallery.notice.sentWait",
} as const satisfies Record<string, MessageKey>;

/** The notices that ask the client to do something, or to wait. */
const PROBLEMS = new Set<keyof typeof NOTICES>([
  "client-needed",
  "client-missing",
  "client-wait",
  "client-expired",
  "limit",
  "sent-wait",
]);

function DownloadLinks({
  id,
  downloads,
  favourites,
}: {
  id: string;
  downloads: Downloads;
  favourites: number;
}) {
  const { t } = useI18n();
  if (downloads === "off") return null;
  const sizes: DownloadSize[] = downloads === "original" ? ["original", "2048"] : ["2048"];
  const label = (size: DownloadSize) =>
    size === "original" ? t("gallery.originals") : t("gallery.webSize");
  return (
    <nav aria-label={t("gallery.downloads")} className="gallery-downloads">
      <h2 className="sr-only">{t("gallery.downloads")}</h2>
      <ul>
        {sizes.map((size) => (
          <li key={`all-${size}`}>
            <a href={galleryPaths.zip(id, "all", size)} download="">
              {t("gallery.downloadAll", { size: label(size) })}
            </a>
          </li>
        ))}
        {/* Shown as soon as there is a favourite: the hearts' script says when (favourites.ts). */}
        {sizes.map((size) => (
          <li key={`favourites-${size}`} data-favourite-downloads="" hidden={favourites === 0}>
            <a href={galleryPaths.zip(id, "favourites", size)} download="">
              {t("gallery.downloadFavourites", { size: label(size) })}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A client gallery: its title and client, who is choosing, the favourites' count (and the
 * owner's limit), the filter, the downloads the owner allows, and the photographs as a grid the
 * viewer moves through, each with a heart. Every control is a plain form or link: the gallery's
 * script (client/galleries/) only makes the hearts answer at once.
 */
export function GalleryView(props: GalleryViewProps) {
  const { id, photos, shown, favourites, limit, here } = props;
  const count = favourites.size;
  const offset = (props.slice - 1) * GALLERY_SLICE;
  const inSlice = shown.slice(offset, offset + GALLERY_SLICE);
  const { t, number } = useI18n();
  // A photograph is named by its place in the whole gallery, the same in the Favourites view.
  const positions = new Map(photos.map((photo, index) => [photo.id, index + 1]));
  const nameOf = (photo: GalleryPhoto) =>
    t("gallery.photoAlt", { position: positions.get(photo.id) ?? 0 });
  return (
    <div className="gallery mx-auto max-w-[120rem] px-3 py-6 sm:px-6 sm:py-8" data-gallery={id}>
      <header className="panel gallery-header mb-6">
        {props.slice === 1 && <GalleryCover id={id} cover={props.cover} stage={props.stage} />}
        <div className="px-5 py-6 sm:px-8">
          <h1 className="collection-title">{props.title}</h1>
          {props.clientName && (
            <p className="mt-2 text-neutral-700 dark:text-neutral-300">
              {t("gallery.for", { client: props.clientName })}
            </p>
          )}
          {/* Said whole as a heart changes it, its words in the number's plural (the hearts' script). */}
          <p className="mt-3" aria-live="polite" aria-atomic="true" data-favourite-limit={limit}>
            {t("gallery.photographs", { count: photos.length })}
            <strong data-favourite-count="">{number(count)}</strong>
            <span data-favourite-words="">
              {limit === undefined
                ? t("gallery.favourites", { count })
                : t("gallery.favouritesOf", { count, limit })}
            </span>
          </p>
          {props.stage === "proofing" && (
            <p
              className="mt-2 text-sm text-neutral-700 dark:text-neutral-300"
              data-gallery-stage="proofing"
            >
              {t("gallery.proofs")}
            </p>
          )}
          {props.prints && (
            <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
              {t("gallery.printsOffered")}
            </p>
          )}
          {props.notice && !inSlice.some((photo) => photo.id === props.noticeAt) && (
            <p
              role="status"
              className="gallery-notice"
              data-problem={PROBLEMS.has(props.notice) ? "" : undefined}
            >
              {t(NOTICES[props.notice])}
            </p>
          )}
          {props.client ? (
            <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
              {t("gallery.choosingAs")} <strong>{props.client}</strong>.
            </p>
          ) : (
            <form
              method="post"
              action={galleryPaths.client(id)}
              className="gallery-client"
              id="gallery-client"
            >
              <input type="hidden" name="back" value={here} />
              <label htmlFor="gallery-client-email">{t("gallery.clientLabel")}</label>
              <input
                id="gallery-client-email"
                name="email"
                type="email"
                aria-describedby="gallery-client-mails"
                autoComplete="email"
                required
                maxLength={254}
              />
              <button type="submit" className="button">
                {t("gallery.startChoosing")}
              </button>
              {/* Told before the address is given: the reminders and the prints offer it plans. */}
              <p
                id="gallery-client-mails"
                className="text-sm text-neutral-700 dark:text-neutral-300"
              >
                {t("gallery.clientMails")}
              </p>
            </form>
          )}
          <nav aria-label={t("gallery.show")} className="gallery-filter">
            <a
              href={gridAddress(id, "all")}
              aria-current={props.filter === "all" ? "page" : undefined}
            >
              {t("gallery.all")}
            </a>
            <a
              href={gridAddress(id, "favourites")}
              aria-current={props.filter === "favourites" ? "page" : undefined}
            >
              {t("gallery.favouritesFilter")}
            </a>
          </nav>
          <DownloadLinks id={id} downloads={props.downloads} favourites={count} />
          {props.client && (
            // There from the first favourite on: the hearts' script shows it when the count
            // leaves 0, without a reload.
            <form
              method="post"
              action={galleryPaths.send(id)}
              className="gallery-send"
              data-gallery-send=""
              hidden={count === 0}
            >
              <input type="hidden" name="back" value={here} />
              <label htmlFor="gallery-note">{t("gallery.note")}</label>
              <textarea
                id="gallery-note"
                name="note"
                rows={3}
                maxLength={4000}
                defaultValue={props.sent?.note ?? ""}
              />
              <button type="submit" className="button">
                {props.sent ? t("gallery.sendAgain") : t("gallery.send")}
              </button>
            </form>
          )}
        </div>
      </header>
      {shown.length === 0 ? (
        <p className="panel px-5 py-6">
          {props.filter === "favourites" ? t("gallery.noFavourites") : t("gallery.onTheirWay")}
        </p>
      ) : (
        <ul
          className="photo-grid"
          data-photo-sequence={props.title}
          data-photo-offset={offset}
          data-photo-total={shown.length}
        >
          {inSlice.map((photo, index) => {
            const ratio = photo.width / photo.height;
            const style = { "--r": ratio.toFixed(3) } as CSSProperties;
            const srcSet = srcSetOf(photo, GRID_SIZES, (w) =>
              galleryPaths.size(id, photo.id, w, "webp", props.stage),
            );
            const src = galleryPaths.size(id, photo.id, 480, "webp", props.stage);
            const sizes = sizesFor(ratio);
            // The first photograph is the page's largest paint where no cover is above it:
            // preloaded from <head> at high priority, alone; the others are lazy, which on the
            // first screen means as soon as the page is laid out, so they do not share the
            // connection with it before then.
            const lead = index === 0 && !(props.slice === 1 && props.cover);
            if (lead)
              preloadLargestPaint({ src, srcSet, width: photo.width, height: photo.height }, sizes);
            return (
              <li key={photo.id} id={`p-${photo.id}`} style={style} className="gallery-item">
                <a href={galleryPaths.photo(id, photo.id)} data-photo="" className="photo-link">
                  <img
                    src={src}
                    srcSet={srcSet}
                    sizes={sizes}
                    width={photo.width}
                    height={photo.height}
                    alt={nameOf(photo)}
                    loading={lead ? "eager" : "lazy"}
                    fetchPriority={lead ? "high" : "low"}
                    decoding="async"
                    className="rounded-md"
                  />
                </a>
                <Heart
                  id={id}
                  photo={photo.id}
                  label={nameOf(photo)}
                  on={favourites.has(photo.id)}
                  back={`${here}#p-${photo.id}`}
                />
                {props.notice && props.noticeAt === photo.id && (
                  <HeartNotice text={t(NOTICES[props.notice])} />
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination
        slice={props.slice}
        slices={props.slices}
        href={(slice) => gridAddress(id, props.filter, slice)}
        label={t("collection.pages")}
        previous={t("pagination.previous")}
        next={t("pagination.more")}
        more
      />
      <BrowserMessages module="gallery-favourites" />
    </div>
  );
}
