/**
 * The gallery's pages: the grid (`GET /g/{id}`, `?show=favourites` for the favourites alone,
 * `?page=n` for a slice past the first)
 * and each photograph's own page (`GET /g/{id}/p/{photo}`, which the viewer shows over the
 * grid). Both are rendered for one client and kept by nobody (private, no-store).
 */
import type { Context, Handler } from "hono";
import type { ReactNode } from "react";
import { storeIsOn } from "../config/config.ts";
import { personAsked } from "../insights/index.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor } from "../request/context.ts";
import {
  BuySection,
  buySectionProps,
  galleryBuyPath,
  galleryOfferFor,
  saleCatalogue,
} from "../store/index.ts";
import { galleryOf, galleryStore, PRIVATE_HEADERS, visitorOf } from "./access.ts";
import { GalleryPhotoView } from "./GalleryPhotoView.tsx";
import { GalleryView, type GalleryViewProps } from "./GalleryView.tsx";
import { isPhotoId } from "./ids.ts";
import { photoForSale } from "./prints.ts";
import { passCookie } from "./session.ts";
import { downloadsNow } from "./settings.ts";
import { gridAddress, gridPlace, sliceCount, sliceOf } from "./slices.ts";

async function render(c: Context<AppEnv>, title: string, main: ReactNode): Promise<Response> {
  const { id, settings } = galleryOf(c);
  // No slideshow behind a client's photographs: nothing may compete with them.
  const res = await renderHtml(c, await loadLayout(c, { backdrop: false }), {
    title,
    description: title,
    main,
    client: true,
  });
  for (const [name, value] of Object.entries(PRIVATE_HEADERS)) res.headers.set(name, value);
  // The grid's sizes come without a call to the store for the next PASS_SECONDS.
  res.headers.append("Set-Cookie", await passCookie(c.var.config.sanityToken, id, settings.stage));
  return res;
}

/** The photograph a refused heart's notice is said over (a plain form's `at`). */
const noticeAt = (c: Context<AppEnv>) => {
  const photo = c.req.query("at");
  return isPhotoId(photo) ? photo : undefined;
};

function noticeOf(c: Context<AppEnv>): GalleryViewProps["notice"] {
  const client = c.req.query("client");
  for (const notice of ["needed", "missing", "sent", "wait", "expired"] as const) {
    if (client === notice) return `client-${notice}`;
  }
  if (c.req.query("limit") === "reached") return "limit";
  if (c.req.query("sent") === "1") return "sent";
  if (c.req.query("sent") === "wait") return "sent-wait";
  return undefined;
}

/** `GET /g/{id}`: the gallery. Each opening is counted for the owner (the first perhaps mailed). */
export const galleryPage: Handler<AppEnv> = async (c) => {
  const { id, settings, state, client } = galleryOf(c);
  const title = settings.title || (await i18nFor(c)).t("gallery.untitled");
  const favourites = new Set(state.favourites);
  const filter = c.req.query("show") === "favourites" ? "favourites" : "all";
  const shown = filter === "all" ? state.photos : state.photos.filter((p) => favourites.has(p.id));
  const slices = sliceCount(shown.length);
  const slice = sliceOf(c.req.query("page"), slices);
  if (slice === undefined) return c.notFound();
  // A person's opening only: not a link preview's or a mail scanner's, a HEAD or a prefetch.
  if (personAsked(c.req.raw)) {
    c.executionCtx.waitUntil(
      galleryStore(c.env, id).count(
        id,
        "opened",
        { kind: "opened", client: client, visitor: visitorOf(c) },
        new URL(c.req.url).origin,
      ),
    );
  }
  return render(
    c,
    title,
    <GalleryView
      id={id}
      title={title}
      clientName={settings.clientName}
      photos={state.photos}
      shown={shown}
      slice={slice}
      slices={slices}
      favourites={favourites}
      filter={filter}
      limit={settings.favouritesLimit}
      downloads={downloadsNow(settings)}
      stage={settings.stage}
      prints={Boolean(settings.prints) && storeIsOn(c.var.config.store)}
      client={client}
      sent={state.sent}
      notice={noticeOf(c)}
      noticeAt={noticeAt(c)}
      here={gridAddress(id, filter, slice)}
      cover={state.cover}
    />,
  );
};

/** `GET /g/{id}/p/{photo}`: one photograph, with its neighbours in the gallery's order. */
export const galleryPhotoPage: Handler<AppEnv> = async (c) => {
  const { id, settings, state, photo, client } = galleryOf(c);
  const i18n = await i18nFor(c);
  const { t } = i18n;
  const title = settings.title || t("gallery.untitled");
  const index = state.photos.findIndex((each) => each.id === photo?.id);
  const found = state.photos[index];
  if (!found) return c.notFound();
  // Buy, when the store is on and the gallery sells prints its pixels carry.
  const forSale = photo && photoForSale(id, { settings, fingerprint: state.fingerprint }, photo);
  const catalogue = forSale ? await saleCatalogue(c) : null;
  const offer = forSale && catalogue && galleryOfferFor(catalogue, forSale.prices, forSale.pixels);
  const buy =
    catalogue && offer
      ? buySectionProps(catalogue, offer, { action: galleryBuyPath(id, found.id) }, i18n)
      : undefined;
  return render(
    c,
    `${t("gallery.photoAlt", { position: index + 1 })} · ${title}`,
    <GalleryPhotoView
      id={id}
      title={title}
      photo={found}
      position={index + 1}
      count={state.photos.length}
      back={gridPlace(id, index, found.id)}
      previous={state.photos[index - 1]}
      next={state.photos[index + 1]}
      favourite={state.favourites.includes(found.id)}
      client={client !== undefined}
      downloads={downloadsNow(settings)}
      stage={settings.stage}
      buy={buy && <BuySection {...buy} />}
      // The heart is on this page only for a client who said who they are: only the limit.
      notice={
        c.req.query("limit") === "reached" && noticeAt(c) === found.id
          ? t("gallery.notice.limit")
          : undefined
      }
    />,
  );
};
