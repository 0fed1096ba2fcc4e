import type { Context, Handler } from "hono";
import { isSlug } from "../../shared/slug.ts";
import { groupOf } from "../content/collection.ts";
import type { CollectionPhoto } from "../content/model.ts";
import { paths } from "../content/paths.ts";
import { pageNotFound } from "../errors/page-error.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, i18nFor, pathOf } from "../request/context.ts";
import { socialImage } from "../seo/social-image.ts";
import { basemapInfo } from "./basemap.ts";
import { MapView } from "./MapView.tsx";
import { isLocated, mapData, mapPlaces } from "./map-places.ts";

/**
 * The photographs a map shows: every located photograph, or one tag's (`?tag={slug}`, the slug
 * of its name, as `/tag/{slug}`); a tag that names none is a fatal not-found.
 */
async function mapPhotos(
  c: Context<AppEnv>,
): Promise<{ photos: CollectionPhoto[]; tag?: { slug: string; name: string } }> {
  const { photos } = await contentFor(c).photos();
  const slug = c.req.query("tag");
  if (slug === undefined) return { photos };
  const group = isSlug(slug) ? groupOf("tag", photos, slug) : undefined;
  if (!group) throw pageNotFound(pathOf(c));
  return { photos: group.photos, tag: { slug, name: group.name } };
}

/**
 * `/map` and `/map?tag={slug}`: where the photographs were made, as a list of places with
 * their photographs (the first paint, and the whole page without JavaScript) and a map over it.
 */
export const mapHandler: Handler<AppEnv> = async (c) => {
  const [{ photos, tag: stored }, layout, { t, name }] = await Promise.all([
    mapPhotos(c),
    loadLayout(c),
    i18nFor(c),
  ]);
  const places = mapPlaces(photos);
  const located = photos.filter(isLocated).length;
  const { site } = layout;
  const tag = stored && { ...stored, name: name(stored.name) };
  const content = contentFor(c);
  const title = tag ? t("map.titleTag", { tag: tag.name }) : t("map.title");
  const locatedPhotos = t("collection.photographs", { count: located });
  const lead =
    places.length === 0
      ? t("map.none")
      : tag
        ? t("map.leadTag", { photos: locatedPhotos, count: places.length, tag: tag.name })
        : t("map.lead", { photos: locatedPhotos, count: places.length });
  return renderHtml(c, layout, {
    title,
    // The same tag's map in another language.
    ...(tag ? { query: { tag: tag.slug } } : {}),
    description: tag
      ? t("map.descriptionTag", { tag: tag.name, site: site.title })
      : t("map.description", { site: site.title }),
    meta: {
      type: "website",
      image: socialImage(content.images, places[0]?.photos[0]?.image ?? layout.socialImage),
    },
    main: (
      <MapView
        heading={title}
        lead={lead}
        places={places}
        data={paths.mapData(tag?.slug)}
        {...(tag ? { tag: { name: tag.name, href: paths.tag(tag.slug) } } : {})}
        imageFor={content.images.responsive}
      />
    ),
  });
};

/**
 * `/map/data.json` (and `?tag=`): the map's places and points, compact (map-places.ts), and
 * the basemap's zooms (null without an archive: the map is drawn on plain water).
 */
export const mapDataHandler: Handler<AppEnv> = async (c) => {
  const { photos } = await mapPhotos(c);
  const info = await basemapInfo(c.env.BASEMAP);
  return c.json({
    ...mapData(mapPlaces(photos)),
    basemap: info
      ? { minZoom: info.minZoom, maxZoom: info.maxZoom, tiles: paths.mapTiles() }
      : null,
  });
};
