import type { ReactNode } from "react";
import { BrowserMessages } from "../views/BrowserMessages.tsx";
import { useI18n } from "../views/i18n.tsx";
import { PhotoStage } from "../views/parts/PhotoStage.tsx";
import type { GalleryPhoto } from "./gallery-store.ts";
import { Heart, HeartNotice } from "./Heart.tsx";
import { galleryPaths } from "./ids.ts";
import { largestWhole, SIZES, srcSetOf } from "./images.ts";
import type { Downloads, Stage } from "./settings.ts";

export interface GalleryPhotoViewProps {
  id: string;
  title: string;
  photo: GalleryPhoto;
  position: number;
  count: number;
  previous: GalleryPhoto | undefined;
  next: GalleryPhoto | undefined;
  /** Its place in the grid (the slice it is in, at its anchor): where "back" goes. */
  back: string;
  favourite: boolean;
  /** Whether the client has said who they are (hearts need it). */
  client: boolean;
  downloads: Downloads;
  /** The gallery's stage: its sizes' addresses name it (the browser keeps proofs apart). */
  stage: Stage;
  /** The Buy section, when the gallery sells prints of this photograph. */
  buy?: ReactNode;
  /** Why the heart was refused (a plain form's), said over the photograph. */
  notice?: string | undefined;
}

const pageOf = (id: string, photo: GalleryPhoto) => galleryPaths.photo(id, photo.id);

/**
 * One photograph of a client gallery on its own page (and in the viewer, which shows this
 * same stage): the photograph as large as the screen allows, zoomable to the original's
 * pixels, its file name, the heart, its downloads and, where the gallery sells prints, Buy.
 */
export function GalleryPhotoView(props: GalleryPhotoViewProps) {
  const { id, photo } = props;
  const { t } = useI18n();
  const at = { position: props.position, count: props.count };
  // Never a size larger than the owner lets the client have whole (downloads off: 1600).
  const cap = largestWhole(props.downloads);
  const source = {
    src: galleryPaths.size(id, photo.id, 1600, "webp", props.stage),
    srcSet: srcSetOf(
      photo,
      SIZES.filter((w) => w <= cap),
      (w) => galleryPaths.size(id, photo.id, w, "webp", props.stage),
    ),
    width: photo.width,
    height: photo.height,
  };
  const here = pageOf(id, photo);
  return (
    <PhotoStage
      source={source}
      sizes={`min(100vw, ${Math.round((photo.width / photo.height) * 100)}vh)`}
      alt={t("gallery.photoAltOf", at)}
      width={photo.width}
      height={photo.height}
      // Past what it shows, the zoom asks for the original when the owner offers it, else for
      // regions of it, each no larger than the owner allows (as public photo pages ask the CDN);
      // a proof for nothing (a region away from the mark would be a clean piece of it).
      zoom={
        props.stage === "proofing"
          ? undefined
          : props.downloads === "original"
            ? { original: galleryPaths.original(id, photo.id) }
            : { url: galleryPaths.region(id, photo.id), rect: [0, 0, photo.width, photo.height] }
      }
      position={t("photo.positionIn", { ...at, sequence: props.title })}
      {...(props.previous ? { previousHref: pageOf(id, props.previous) } : {})}
      {...(props.next ? { nextHref: pageOf(id, props.next) } : {})}
      back={{ href: props.back, label: props.title }}
      corner={
        props.client && (
          <>
            <Heart
              id={id}
              photo={photo.id}
              label={t("gallery.photoAlt", { position: at.position })}
              on={props.favourite}
              back={here}
            />
            {props.notice && <HeartNotice text={props.notice} />}
          </>
        )
      }
    >
      <h1>{t("gallery.photoAlt", { position: at.position })}</h1>
      <p className="photo-info-muted">
        {t("gallery.pixels", { width: photo.width, height: photo.height })}
      </p>
      {props.client ? (
        <BrowserMessages module="gallery-favourites" />
      ) : (
        <p>
          <a href={`${galleryPaths.root(id)}#gallery-client`}>{t("gallery.tellName")}</a>
          {t("gallery.tellNameAfter")}
        </p>
      )}
      {props.downloads !== "off" && (
        <ul className="gallery-downloads" aria-label={t("gallery.downloadPhoto")}>
          {props.downloads === "original" && (
            <li>
              <a href={galleryPaths.download(id, photo.id, "original")} download="">
                {t("gallery.downloadOriginal")}
              </a>
            </li>
          )}
          <li>
            <a href={galleryPaths.download(id, photo.id, "2048")} download="">
              {t("gallery.downloadWeb")}
            </a>
          </li>
        </ul>
      )}
      {props.buy}
    </PhotoStage>
  );
}
