import { WorkerEntrypoint } from "cloudflare:workers";
import { createPrivateApp, createPublicApp } from "./app.ts";
import { pendingCancellations, scheduledBusyRead } from "./booking/index.ts";
import { galleryFollowUps, galleryPrints } from "./galleries/index.ts";
import { createGateway } from "./gateway.ts";
import { deliverInquiries } from "./inquiries/index.ts";
import {
  CRON_SUMMARY_AGE,
  countViews,
  INSIGHTS_QUEUE,
  SUMMARY_CRON,
  summarizeSafely,
} from "./insights/index.ts";
import { type PurgeRequest, type PurgeResult, purgeWorkersCache } from "./publishing/index.ts";
import type { PublicSiteProps } from "./request/public-site.ts";
import { sendDueMails } from "./sales-mail/index.ts";
import {
  CART_MAIL,
  composeCartReminder,
  fulfilOrders,
  handOverStranded,
  isFulfilmentQueue,
  removeOldCarts,
} from "./store/index.ts";

export { BookingCalendar, BookingLife } from "./booking/index.ts";
export { ClientGallery } from "./galleries/index.ts";
export { PublishLog } from "./publishing/index.ts";

const site = createPublicApp();
const gateway = createGateway({
  site,
  preview: createPublicApp({ preview: true }),
  private: createPrivateApp(site),
});

/**
 * The cached entrypoint: Workers Cache sits in front of it, keyed by path, query and the
 * origin the gateway passes as props. It only ever sees public requests (no cookies, no
 * preview), so whatever it answers may be shared with every visitor.
 */
export class PublicSite extends WorkerEntrypoint<Env, PublicSiteProps> {
  override fetch(request: Request): Promise<Response> {
    return Promise.resolve(site.fetch(request, this.env, this.ctx));
  }

  /** Purges this entrypoint's cache: purges only reach the entrypoint that calls them. */
  purge(request: PurgeRequest): Promise<PurgeResult> {
    return purgeWorkersCache(this.ctx.cache, request);
  }
}

/**
 * Every request arrives here first: the uncached gateway (see gateway.ts). The queues are
 * consumed here too: the store's fulfilment queue and its dead-letter queue (store/fulfil.ts),
 * the inquiries queue (and its dead-letter queue, while the owner replays it), and the page views
 * for insights. The Cron Trigger reads the owner's own calendar for booking (booking/busy-feed.ts),
 * carries out cancellations asked for in the Studio that Sanity's deliveries could not
 * (booking/studio-requests.ts), sends the e-mails that bring buyers back that are due
 * (sales-mail/send.ts), and hands over any paid order whose hand-over was cut off
 * (store/fulfil.ts); the hourly one writes the owner's insights summary when it is an hour old.
 */
export default {
  ...gateway,
  queue: (batch, env, ctx) =>
    batch.queue === INSIGHTS_QUEUE
      ? countViews(batch, env)
      : isFulfilmentQueue(batch.queue)
        ? fulfilOrders(batch, env, ctx, { galleries: galleryPrints })
        : deliverInquiries(batch, env, ctx),
  scheduled: (controller, env, ctx) => {
    if (controller.cron === SUMMARY_CRON) {
      ctx.waitUntil(summarizeSafely(env, controller.scheduledTime, CRON_SUMMARY_AGE));
      ctx.waitUntil(removeOldCarts(env, controller.scheduledTime));
      return;
    }
    ctx.waitUntil(scheduledBusyRead(env));
    ctx.waitUntil(pendingCancellations(env, ctx, controller.scheduledTime));
    ctx.waitUntil(handOverStranded(env));
    ctx.waitUntil(
      sendDueMails(env, controller.scheduledTime, {
        [CART_MAIL]: composeCartReminder,
        ...galleryFollowUps,
      }),
    );
  },
} satisfies ExportedHandler<Env>;
