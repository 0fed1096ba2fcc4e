/**
 * What follows a deposit's outcome, after the request's answer (`waitUntil`): for a booking
 * just paid, its invoice, the client's e-mail (with the invitation for their calendar and the
 * signed contract), the owner's (CONTACT_EMAIL_TO, else the Site settings' e-mail) and the
 * shoot's client gallery (shoot-gallery.ts); for it and for one refunded, the owner's copy in the
 * Studio (studio.ts). Each that fails is logged, and the
 * booking stands.
 */
import type { Context } from "hono";
import { ownerMailbox } from "../config/config.ts";
import { errorText, log } from "../lib/log.ts";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, siteOrigin, siteSettingsFor } from "../request/context.ts";
import type { Booking } from "./bookings.ts";
import { contractRecords } from "./contracts.ts";
import type { OnSettled } from "./deposit.ts";
import { depositInvoice } from "./deposit-invoice.ts";
import { feedUrl } from "./feed.ts";
import { clientEmail, ownerEmail } from "./mail.ts";
import { offerOf } from "./offer.ts";
import { shootGallery } from "./shoot-gallery.ts";
import { bookingFields, writeBookingCopy } from "./studio.ts";

/** The signed contract of a booking and its PDF as signed (a file changed since is logged). */
async function signedContractOf(c: Context<AppEnv>, booking: Booking) {
  const contracts = contractRecords(c.env.STORE_DB, c.env.CONTRACTS);
  const record = await contracts.get(booking.id);
  const pdf = record && (await contracts.pdf(record));
  if (pdf === "altered") {
    log.error("A signed contract's file is not the one signed; it is not sent", {
      booking: booking.id,
    });
  }
  return { record, pdf: pdf instanceof Uint8Array ? pdf : undefined };
}

export const afterDeposit =
  (c: Context<AppEnv>): OnSettled =>
  async (booking) => {
    const settle = async () => {
      const content = contentFor(c);
      const [site, settings, raw, contract] = await Promise.all([
        siteSettingsFor(c),
        content.settings(),
        content.booking(),
        signedContractOf(c, booking),
      ]);
      const session = offerOf(raw)?.sessions.find((each) => each.slug === booking.session);
      const questions = session?.questions ?? [];
      const origin = siteOrigin(c);
      const page = `${origin}/book/held/${booking.id}`;
      // The shoot's gallery first, so the Studio's copy of the booking names it.
      const gallery = () =>
        shootGallery(c, booking).catch((error: unknown) => {
          log.error("A booked shoot's gallery could not be made", {
            booking: booking.id,
            error: errorText(error),
          });
          return undefined;
        });
      const copy = async () =>
        writeBookingCopy(
          c.var.config,
          booking.id,
          bookingFields(c.var.config, booking, {
            questions,
            contract: contract.record,
            page,
            gallery: await gallery(),
          }),
        ).catch((error: unknown) =>
          log.error("A booking's copy in the Studio could not be written", {
            booking: booking.id,
            error: errorText(error),
          }),
        );
      const mails = async () => {
        const invoice = await depositInvoice(c, booking);
        const context = {
          config: c.var.config,
          origin,
          siteTitle: site.title,
          location: session?.location ?? "",
          url: page,
          feed: await feedUrl(c),
          contract: contract.pdf,
          invoice: invoice && `${page}/invoices/deposit`,
        };
        await c.env.CLIENT_MAIL.send(clientEmail(booking, context));
        const to = ownerMailbox(c.var.config, settings?.email);
        if (to) await c.env.CLIENT_MAIL.send(ownerEmail(booking, to, questions, context));
        else log.warn("A booking's e-mail to the owner has no address", { booking: booking.id });
      };
      await Promise.all([
        copy(),
        booking.status === "booked" &&
          mails().catch((error: unknown) =>
            log.error("A booking's e-mails could not be sent", {
              booking: booking.id,
              error: errorText(error),
            }),
          ),
      ]);
    };
    c.executionCtx.waitUntil(
      settle().catch((error: unknown) =>
        log.error("A booking's e-mails and Studio copy could not be made", {
          booking: booking.id,
          error: errorText(error),
        }),
      ),
    );
  };
