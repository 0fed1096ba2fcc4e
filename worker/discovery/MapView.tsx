import type { ImageFor } from "../content/image-urls.ts";
import { paths } from "../content/paths.ts";
import { BrowserMessages } from "../views/BrowserMessages.tsx";
import { useI18n } from "../views/i18n.tsx";
import type { MapPlace } from "./map-places.ts";
import { PhotoGrid } from "./PhotoGrid.tsx";

/** Photographs shown per place in the list; the rest are a count (the map has them all). */
export const PHOTOS_PER_PLACE = 12;

interface MapViewProps {
  heading: string;
  lead: string;
  places: readonly MapPlace[];
  /** The map's data (`/map/data.json`, with the tag when there is one). */
  data: string;
  /** The tag the map shows, when it is one tag's; its page, to go back to. */
  tag?: { name: string; href: string };
  imageFor: ImageFor;
}

/**
 * The map page. Its first paint is the list (each place with its photographs, linked), which
 * is the whole page without JavaScript; the map comes after it, over the same places, from the
 * data the frame names (`data-map`), drawn by the map module once the page has painted
 * (shared/modules.ts) into the frame's box, there from the first paint when scripts run
 * (client/map/frame.css). Each place's id is what a photo page links to (`/map#place-…`).
 */
export function MapView({ heading, lead, places, data, tag, imageFor }: MapViewProps) {
  const { t, name } = useI18n();
  return (
    <div className="mx-auto max-w-[120rem] px-3 py-10 sm:px-6 sm:py-14">
      <div className="panel mb-6 px-5 py-6 sm:px-8">
        <h1 className="collection-title">{heading}</h1>
        <p className="mt-2 text-neutral-700 dark:text-neutral-300">{lead}</p>
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          {t("map.precisionNote")}
          {tag && (
            <>
              {" "}
              <a href={tag.href}>{t("map.allTagged", { tag: tag.name })}</a> ·{" "}
              <a href={paths.map()}>{t("map.everyPlace")}</a>
            </>
          )}
        </p>
      </div>
      {places.length > 0 && <div className="map-frame panel mb-6 p-3" data-map={data} />}
      <BrowserMessages module="map" />
      <section aria-labelledby="places-title" className="mt-8">
        <h2 id="places-title" className="mb-4 font-serif text-2xl text-neutral-950 dark:text-white">
          {t("map.places")}
        </h2>
        {places.length === 0 ? (
          <p>{t("map.empty")}</p>
        ) : (
          // Compact: a place is a card, two or three to a row on wider screens.
          <ol className="map-places grid items-start gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {places.map((place, index) => (
              <li
                key={place.id}
                id={place.id}
                className="map-place panel px-5 py-5"
                data-lat={place.lat}
                data-lng={place.lng}
              >
                <h3 className="font-serif text-xl text-neutral-950 dark:text-white">
                  {/* A place's name is the map data's, in its own script: isolated from the page's. */}
                  <bdi>{name(place.name)}</bdi>
                </h3>
                <p className="mb-3 text-sm text-neutral-600 dark:text-neutral-400">
                  {t("collection.photographs", { count: place.photos.length })} ·{" "}
                  {t(`precision.${place.precision}`)}
                  {place.photos.length > PHOTOS_PER_PLACE &&
                    ` · ${t("map.firstShown", { count: PHOTOS_PER_PLACE })}`}
                </p>
                <PhotoGrid
                  photos={place.photos.slice(0, PHOTOS_PER_PLACE)}
                  imageFor={imageFor}
                  label={name(place.name)}
                  offset={0}
                  total={Math.min(place.photos.length, PHOTOS_PER_PLACE)}
                  lead={index === 0 ? "taller" : false}
                />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
