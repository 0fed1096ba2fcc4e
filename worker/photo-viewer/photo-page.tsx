import type { Handler } from "hono";
import { photoRefOf } from "../../shared/inquiries.ts";
import { nameSlug } from "../content/camera-names.ts";
import { visibleTags } from "../content/collection.ts";
import { croppedSize } from "../content/image-urls.ts";
import { altLanguageOf, altTextOf } from "../content/model.ts";
import { type DocumentKind, paths } from "../content/paths.ts";
import { placedPhoto } from "../content/placed-photo.ts";
import { SLIDESHOW_TAG } from "../content/queries.ts";
import { placeId, placeName } from "../discovery/index.ts";
import { pageNotFound } from "../errors/page-error.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { canonicalUrl, contentFor, i18nFor, siteOrigin } from "../request/context.ts";
import { socialImage } from "../seo/social-image.ts";
import { imageObjectLd } from "../seo/structured-data.ts";
import { BuySection, buySectionProps, offerFor, saleCatalogue } from "../store/index.ts";
import { photoAnchor } from "../views/helpers/photo-links.ts";
import { cameraDetails } from "./camera-details.ts";
import { PhotoView } from "./PhotoView.tsx";
import { zoomedOriginal } from "./region.ts";

/**
 * `/{page}/photo/{key}` and `/post/{post}/photo/{key}`: one photograph of a page or post, as
 * large as the screen allows, with its neighbours in the same sequence. A document or a key
 * that is not (or no longer) there is a fatal not-found.
 */
export const photoHandler =
  (kind: DocumentKind): Handler<AppEnv> =>
  async (c) => {
    const slug = c.req.param("slug") ?? "";
    const key = c.req.param("key") ?? "";
    const path = new URL(c.req.url).pathname;
    const content = contentFor(c);
    // One read brings the document, the photograph's camera data and its place (where it was
    // made, as the owner's rule lets the site say it: a link to its place on the map), the
    // settings and the store's catalogue.
    const [placed, layout, catalogue] = await Promise.all([
      placedPhoto(content, kind, slug, key),
      loadLayout(c, { backdrop: false }),
      saleCatalogue(c),
    ]);
    // The document or the photograph is not (or no longer) there.
    if (!placed) throw pageNotFound(path);
    const { doc, found, camera, location } = placed;
    const { image } = found.photo;
    const { width, height } = croppedSize(image);
    const largest = content.images.largest(image);
    const zoomed = zoomedOriginal(placed, layout.site);
    const alt = altTextOf(image);
    // A photograph's own title (the placement's, else the Media tool's: the IPTC Title the
    // importer stores) heads it, with the caption below; without one, the caption does.
    const ownTitle = image.title?.trim() || image.asset.title?.trim();
    const caption = image.caption?.trim();
    const i18n = await i18nFor(c);
    const title =
      ownTitle ||
      caption ||
      i18n.t("photo.untitled", { position: found.position, count: found.count });
    const captionBelow = ownTitle && caption && caption !== ownTitle ? caption : undefined;
    // Which of them stand in, in the site's own language, for a missing translation.
    const language = (value: unknown) => (typeof value === "string" ? value : undefined);
    // The Media tool's texts are in the site's own language.
    const fallbacks = {
      title: image.title?.trim()
        ? language(image.lang?.title)
        : ownTitle
          ? layout.site.baseLanguage
          : language(image.lang?.caption),
      caption: language(image.lang?.caption),
      alt: altLanguageOf(image, layout.site.baseLanguage),
    };
    const description = alt || doc.title;
    const pageTitle = `${title} · ${doc.title}`;
    const at = (neighbour: typeof found.previous) =>
      neighbour ? paths.photo(kind, slug, neighbour.key) : undefined;
    const docPath = paths.document(kind, slug);
    const { site } = layout;
    // The credit line names the photographer (and often the licence: "Jane Doe · CC BY 4.0").
    const credit = image.asset.creditLine?.trim() || site.owner;
    const creator = credit.split(" · ")[0]?.trim() || credit;
    // Without a page of the owner's own, the contact form about this very photograph.
    const licensePage = site.licensePage ?? paths.contactAbout(kind, slug, key);
    const taken = camera?.exif?.DateTimeOriginal;
    // The Buy section, when the store is on and the photograph is for sale.
    const offer = catalogue ? offerFor(catalogue, image, placed.saleSettings) : undefined;
    const photo = photoRefOf({ kind, slug, key });
    const buy =
      catalogue && offer
        ? buySectionProps(catalogue, offer, { action: "/cart/add", photo }, i18n)
        : undefined;
    // A photograph for sale is licensed on its own page; its licence is the first licence's terms.
    const acquireLicensePage = buy
      ? `${canonicalUrl(c)}#buy`
      : new URL(licensePage, siteOrigin(c)).href;
    const licenceTerms = offer?.licences[0]?.termsUrl;
    const license =
      site.licenseUrl ?? (licenceTerms ? new URL(licenceTerms, siteOrigin(c)).href : undefined);

    return renderHtml(c, layout, {
      title: pageTitle,
      description,
      // A photograph placed only in this language's own text is this language's alone.
      ...(placed.everyLanguage ? {} : { languages: [site.language] }),
      meta: {
        type: "article",
        image: socialImage(content.images, image),
        // What search engines need to show the photograph as licensable (Google Images).
        jsonLd: [
          imageObjectLd({
            // The photograph as large as a page shows it (its crop, at most the public size).
            contentUrl: largest.url,
            url: canonicalUrl(c),
            name: title,
            caption: captionBelow ?? null,
            description: alt || null,
            width: largest.width,
            height: largest.height,
            creator,
            creditText: credit,
            copyrightNotice: `© ${creator}`,
            ...(license ? { license } : {}),
            acquireLicensePage,
            ...(taken && !Number.isNaN(Date.parse(taken)) ? { dateCreated: taken } : {}),
          }),
        ],
      },
      main: (
        <PhotoView
          found={found}
          title={title}
          {...(captionBelow ? { caption: captionBelow } : {})}
          fallbacks={fallbacks}
          // Every width up to the public size: the full view is where the detail is.
          source={content.images.responsive(image, { maxWidth: width })}
          // Past it, regions of the private original, where the owner lets the zoom go so far.
          {...(zoomed
            ? { zoom: { url: `${paths.photo(kind, slug, key)}/region`, rect: zoomed.rect } }
            : {})}
          // The stage is the whole screen: its width, or its height in the photograph's shape.
          sizes={`min(100vw, ${Math.round((100 * width) / height)}vh)`}
          alt={alt}
          credit={image.asset.creditLine}
          details={cameraDetails(i18n, camera)}
          tags={visibleTags(camera?.tags ?? null, SLIDESHOW_TAG).map((name) => ({
            name,
            href: paths.tag(nameSlug(name)),
          }))}
          previousHref={at(found.previous)}
          nextHref={at(found.next)}
          back={{ href: `${docPath}#${photoAnchor(key)}`, label: doc.title }}
          inquire={paths.contactAbout(kind, slug, key)}
          {...(location
            ? {
                place: {
                  name: placeName(location),
                  href: paths.mapPlace(placeId(location)),
                  precision: i18n.t(`precision.${location.precision}`),
                },
              }
            : {})}
          buy={buy && <BuySection {...buy} />}
        />
      ),
    });
  };
