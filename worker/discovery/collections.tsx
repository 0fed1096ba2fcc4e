import type { Context, Handler } from "hono";
import type { ReactNode } from "react";
import { groupOf, sliceOf, tagGroups } from "../content/collection.ts";
import type { CollectionPhoto } from "../content/model.ts";
import { paths } from "../content/paths.ts";
import { pageNotFound } from "../errors/page-error.ts";
import type { Translator } from "../i18n/translator.ts";
import { redirectTarget } from "../lib/redirect-target.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, i18nFor, pathOf, siteSettingsFor } from "../request/context.ts";
import { socialImage } from "../seo/social-image.ts";
import { CollectionView } from "./CollectionView.tsx";
import { isLocated } from "./map-places.ts";
import { TagLinks } from "./TagLinks.tsx";
import { TagsView } from "./TagsView.tsx";

/**
 * Photographs per slice of a collection (one numbered page): 48 fill whole rows at most
 * widths, keep a slice's HTML to about 15 KB compressed, and a collection of 5,000 to about a
 * hundred numbered pages.
 */
export const PHOTOS_PER_SLICE = 48;

/** What one collection page shows around its photographs. */
interface Collection {
  /** Its title, the document title's first part. */
  title: string;
  heading: string;
  /** The viewer's name for the grid. */
  label: string;
  lead: string;
  description: string;
  photos: CollectionPhoto[];
  sliceHref: (slice: number) => string;
}

/**
 * Renders one slice of a collection: the first photograph is the largest paint and the social
 * card (cropped around its hotspot); a slice past the last is a fatal not-found, `…/page/1`
 * redirects to the collection's own address.
 */
async function renderCollection(
  c: Context<AppEnv>,
  load: () => Promise<Collection | undefined>,
  below?: (photos: CollectionPhoto[], i18n: Translator) => ReactNode,
): Promise<Response> {
  // The route's check let only 1 to 9999 through.
  const slice = Number(c.req.param("page") ?? "1");
  const collection = await load();
  if (!collection) throw pageNotFound(pathOf(c));
  if (c.req.param("page") !== undefined && slice === 1) {
    return c.redirect(redirectTarget(collection.sliceHref(1), new URL(c.req.url).origin), 301);
  }
  const { items, slices } = sliceOf(collection.photos, slice, PHOTOS_PER_SLICE);
  if (slice > slices) throw pageNotFound(pathOf(c));
  const content = contentFor(c);
  const layout = await loadLayout(c);
  const i18n = await i18nFor(c);
  const { t } = i18n;
  return renderHtml(c, layout, {
    title:
      slice === 1
        ? collection.title
        : t("collection.titlePage", { title: collection.title, page: slice }),
    description: collection.description,
    meta: {
      type: "website",
      image: socialImage(content.images, items[0]?.image ?? layout.socialImage),
    },
    main: (
      <CollectionView
        heading={collection.heading}
        label={collection.label}
        lead={collection.lead}
        photos={items}
        total={collection.photos.length}
        slice={slice}
        slices={slices}
        perSlice={PHOTOS_PER_SLICE}
        sliceHref={collection.sliceHref}
        imageFor={content.images.responsive}
      >
        {below?.(collection.photos, i18n)}
      </CollectionView>
    ),
  });
}

/**
 * `/photos` and `/photos/page/{n}`: every published photograph of the site (galleries, post
 * bodies and covers), once each, newest first by the date it was taken, `PHOTOS_PER_SLICE` a
 * page, with the tags below.
 */
export const photosHandler: Handler<AppEnv> = (c) =>
  renderCollection(
    c,
    async () => {
      const [{ photos }, site, { t }] = await Promise.all([
        contentFor(c).photos(),
        siteSettingsFor(c),
        i18nFor(c),
      ]);
      const title = t("collection.photosTitle");
      return {
        title,
        heading: title,
        label: title,
        lead: t("collection.photosLead", { count: photos.length }),
        description: t("collection.photosDescription", { site: site.title }),
        photos,
        sliceHref: paths.photos,
      };
    },
    (photos, { t }) => (
      <>
        <TagLinks tags={tagGroups(photos)} heading={t("tags.title")} />
        {photos.some(isLocated) && (
          <p className="mt-6">
            <a href={paths.map()}>{t("collection.onTheMap")}</a>
          </p>
        )}
      </>
    ),
  );

/** How each kind of group is named on its page. */
const GROUPS = {
  tag: {
    title: (_: Translator, name: string) => name,
    lead: ({ t }: Translator, count: number, name: string) =>
      t("collection.tagLead", { count, name }),
    href: paths.tag,
  },
  camera: {
    title: ({ t }: Translator, name: string) => t("collection.cameraTitle", { name }),
    lead: ({ t }: Translator, count: number, name: string) =>
      t("collection.cameraLead", { count, name }),
    href: paths.camera,
  },
  lens: {
    title: ({ t }: Translator, name: string) => t("collection.lensTitle", { name }),
    lead: ({ t }: Translator, count: number, name: string) =>
      t("collection.lensLead", { count, name }),
    href: paths.lens,
  },
} as const;

/**
 * `/tag/{slug}`, `/camera/{slug}`, `/lens/{slug}` and their `/page/{n}`: the photographs of
 * one tag (the media plugin's, by the slug of its name), camera or lens (by the slug of its
 * name as camera-names.ts writes it), like `/photos`. A slug that names none is a fatal
 * not-found.
 */
export const groupHandler =
  (kind: keyof typeof GROUPS): Handler<AppEnv> =>
  (c) =>
    renderCollection(
      c,
      async () => {
        const slug = c.req.param("slug") ?? "";
        const [{ photos }, site, i18n] = await Promise.all([
          contentFor(c).photos(),
          siteSettingsFor(c),
          i18nFor(c),
        ]);
        const group = groupOf(kind, photos, slug);
        if (!group) return undefined;
        const words = GROUPS[kind];
        // A tag has a name per language (content/names.ts); a camera's or a lens's is its maker's.
        const name = kind === "tag" ? i18n.name(group.name) : group.name;
        const title = words.title(i18n, name);
        const lead = words.lead(i18n, group.photos.length, name);
        return {
          title,
          heading: title,
          label: title,
          lead: i18n.t("collection.newestFirst", { lead }),
          description: i18n.t("collection.groupDescription", { lead, site: site.title }),
          photos: group.photos,
          sliceHref: (slice: number) => words.href(group.slug, slice),
        };
      },
      // A tag's photographs on their own map, when some of them are located.
      (photos, { t }) =>
        kind === "tag" && photos.some(isLocated) ? (
          <p className="mt-6">
            <a href={paths.map(c.req.param("slug"))}>{t("collection.onTheMap")}</a>
          </p>
        ) : null,
    );

/**
 * `/tags`: every tag visitors see, the most used first, each with its count and a cover (its
 * newest photograph).
 */
export const tagsHandler: Handler<AppEnv> = async (c) => {
  const content = contentFor(c);
  const [{ photos }, layout, { t }] = await Promise.all([
    content.photos(),
    loadLayout(c),
    i18nFor(c),
  ]);
  const tags = tagGroups(photos);
  const { site } = layout;
  const first = tags[0]?.photos[0];
  return renderHtml(c, layout, {
    title: t("tags.title"),
    description: t("tags.description", { site: site.title }),
    meta: {
      type: "website",
      image: socialImage(content.images, first?.image ?? layout.socialImage),
    },
    main: <TagsView tags={tags} imageFor={content.images.responsive} />,
  });
};
