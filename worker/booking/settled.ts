/**
 * What follows a booking's payments, after the request's answer (`waitUntil`). For a deposit
 * just paid: its invoice, the client's e-mail (with the invitation for their calendar and the
 * signed contract), the owner's (CONTACT_EMAIL_TO, else the Site settings' e-mail), the shoot's
 * client gallery (shoot-gallery.ts) and the booking's life until the shoot (life.ts: the
 * reminders); for it and for one refunded, the owner's copy in the Studio (studio.ts). For a
 * payment of the balance: its invoice, the client's receipt and the Studio's copy again. For a
 * booking moved: the client's e-mail with the new invitation and the Studio's copy (its reminders
 * are planned before the answer, `lifeAfterMove`); for one cancelled: the credit note for its refund, the client's e-mail and the
 * Studio's copy; for a payment disputed or a refund refused, the Studio's copy. Each part is
 * tried three times (a second, then four, apart: within the answer's `waitUntil`); one that still
 * fails is logged, and the booking stands.
 */
import type { Context } from "hono";
import { ownerMailbox } from "../config/config.ts";
import { inLanguage } from "../content/paths.ts";
import { errorText, log } from "../lib/log.ts";
import { retried } from "../lib/retried.ts";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, siteOrigin, siteSettingsFor } from "../request/context.ts";
import { bookingInvoice } from "./booking-invoice.ts";
import type { Booking } from "./bookings.ts";
import { contractRecords } from "./contracts.ts";
import type { OnSettled } from "./deposit.ts";
import { feedUrl } from "./feed.ts";
import { balanceKind } from "./instalments.ts";
import { startLife } from "./life.ts";
import { balanceEmail, cancelledEmail, clientEmail, movedEmail, ownerEmail } from "./mail.ts";
import { sessionOf } from "./offer.ts";
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

/** What every follow-up of a booking reads: the site, the session type, the contract, its page. */
async function factsOf(c: Context<AppEnv>, booking: Booking) {
  const content = contentFor(c);
  const [site, settings, raw, contract] = await Promise.all([
    siteSettingsFor(c),
    content.settings(),
    content.booking(),
    signedContractOf(c, booking),
  ]);
  // Its session type as the owner describes it now, open for booking or not.
  const session = raw.sessions.map(sessionOf).find((each) => each?.slug === booking.session);
  const origin = siteOrigin(c);
  const path = `/book/held/${booking.id}`;
  const page = `${origin}${path}`;
  // The client's links in the language they booked in, while the site still has it.
  const language = site.languages.find((each) => each === booking.language) ?? site.baseLanguage;
  const mail = {
    config: c.var.config,
    origin,
    siteTitle: site.title,
    location: session?.location ?? "",
    url: `${origin}${inLanguage(path, language, site.baseLanguage)}`,
    replyTo: ownerMailbox(c.var.config, settings?.email),
  };
  return { settings, questions: session?.questions ?? [], contract, page, mail };
}

type Facts = Awaited<ReturnType<typeof factsOf>>;

/** The booking's copy in the Studio, written whole (tried three times). */
const writeCopy = (
  c: Context<AppEnv>,
  booking: Booking,
  facts: Facts,
  gallery: string | undefined,
) =>
  retried(() =>
    writeBookingCopy(
      c.var.config,
      booking.id,
      bookingFields(c.var.config, booking, {
        questions: facts.questions,
        contract: facts.contract.record,
        page: facts.page,
        gallery,
      }),
    ),
  );

/** The booking's copy in the Studio, written whole; a failure is logged. */
const copyToStudio = (
  c: Context<AppEnv>,
  booking: Booking,
  facts: Facts,
  gallery: string | undefined,
) =>
  writeCopy(c, booking, facts, gallery).catch((error: unknown) =>
    log.error("A booking's copy in the Studio could not be written", {
      booking: booking.id,
      error: errorText(error),
    }),
  );

/** Runs a booking's follow-up after the answer; what fails is logged under `what`. */
const afterAnswer = (c: Context<AppEnv>, booking: Booking, what: string, work: () => unknown) =>
  c.executionCtx.waitUntil(
    Promise.resolve()
      .then(work)
      .catch((error: unknown) => log.error(what, { booking: booking.id, error: errorText(error) })),
  );

export const afterDeposit =
  (c: Context<AppEnv>): OnSettled =>
  async (booking) =>
    afterAnswer(c, booking, "A booking's e-mails and Studio copy could not be made", async () => {
      const facts = await retried(() => factsOf(c, booking));
      // The shoot's gallery first, so the Studio's copy of the booking names it.
      const gallery = () =>
        retried(() => shootGallery(c, booking)).catch((error: unknown) => {
          log.error("A booked shoot's gallery could not be made", {
            booking: booking.id,
            error: errorText(error),
          });
          return undefined;
        });
      // Each e-mail on its own: a client's address the mail service refuses, or an invoice not
      // issued yet (its page issues it when opened), keeps nobody from hearing of the booking.
      const mails = async () => {
        const invoice = await retried(() => bookingInvoice(c, booking, "deposit")).catch(
          (error: unknown) => {
            log.error("A booking's invoice could not be issued yet", {
              booking: booking.id,
              error: errorText(error),
            });
            return undefined;
          },
        );
        const context = {
          ...facts.mail,
          feed: await feedUrl(c),
          contract: facts.contract.pdf,
          invoice: invoice && `${facts.mail.url}/invoices/deposit`,
        };
        const to = ownerMailbox(c.var.config, facts.settings?.email);
        if (!to)
          log.warn("A booking's e-mail to the owner has no address", { booking: booking.id });
        const sent = await Promise.allSettled([
          retried(() => c.env.CLIENT_MAIL.send(clientEmail(booking, context))),
          to &&
            retried(() =>
              c.env.CLIENT_MAIL.send(ownerEmail(booking, to, facts.questions, context)),
            ),
        ]);
        const failed = sent.find((each) => each.status === "rejected");
        if (failed) throw failed.reason;
      };
      const booked = booking.status === "booked";
      await Promise.all([
        copyToStudio(c, booking, facts, booked ? await gallery() : undefined),
        booked &&
          mails().catch((error: unknown) =>
            log.error("A booking's e-mails could not be sent", {
              booking: booking.id,
              error: errorText(error),
            }),
          ),
        booked &&
          retried(() => startLife(c.env, booking, facts.mail)).catch((error: unknown) =>
            log.error("A booking's reminders could not be planned", {
              booking: booking.id,
              error: errorText(error),
            }),
          ),
      ]);
    });

/** The Studio's copy written again and one e-mail to the client (and `then`), after the answer. */
const copyAndTell =
  (
    c: Context<AppEnv>,
    failure: string,
    email: (booking: Booking, facts: Facts) => Promise<EmailMessageBuilder> | EmailMessageBuilder,
    then?: (booking: Booking, facts: Facts) => Promise<void>,
  ): OnSettled =>
  async (booking) =>
    afterAnswer(c, booking, failure, async () => {
      const facts = await retried(() => factsOf(c, booking));
      await Promise.all([
        copyToStudio(c, booking, facts, booking.gallery),
        retried(async () => c.env.CLIENT_MAIL.send(await email(booking, facts))),
        then && retried(() => then(booking, facts)),
      ]);
    });

export const afterBalance = (c: Context<AppEnv>): OnSettled =>
  copyAndTell(c, "A balance's invoice, e-mail or Studio copy failed", async (booking, facts) => {
    // The payment just recorded: the balance's latest.
    const n = booking.balancePayments.at(-1)?.n ?? 1;
    const invoice = await bookingInvoice(c, booking, balanceKind(n));
    return balanceEmail(booking, n, {
      ...facts.mail,
      invoice: invoice && `${facts.mail.url}/invoices/${invoice.kind}`,
    });
  });

export const afterCancel = (c: Context<AppEnv>): OnSettled =>
  copyAndTell(c, "A cancelled booking's e-mail or Studio copy failed", async (booking, facts) => {
    const credit = await bookingInvoice(c, booking, "refund");
    return cancelledEmail(booking, {
      ...facts.mail,
      invoice: credit && `${facts.mail.url}/invoices/refund`,
    });
  });

/**
 * Stripe's news of a booking's payment recorded (a dispute, a refund refused): the Studio's copy
 * says so, written again.
 */
export const copyAgain =
  (c: Context<AppEnv>): OnSettled =>
  async (booking) =>
    afterAnswer(c, booking, "A booking's Studio copy could not be written again", async () =>
      copyToStudio(c, booking, await factsOf(c, booking), booking.gallery),
    );

/**
 * The Studio's copy written again before Stripe's news is answered, for news nothing else tells
 * the owner (a refund the client's bank refused): should it fail, so does the event, and Stripe's
 * retry writes it.
 */
export const copyBeforeAnswer = async (c: Context<AppEnv>, booking: Booking) =>
  writeCopy(c, booking, await retried(() => factsOf(c, booking)), booking.gallery);

/**
 * A moved booking's reminders planned for its new time (its life's new instance, once), before
 * the move is answered: what fails fails the webhook, and Sanity's next delivery plans them.
 */
export const lifeAfterMove = async (c: Context<AppEnv>, booking: Booking) =>
  startLife(c.env, booking, (await retried(() => factsOf(c, booking))).mail);

/** A booking moved from `from`: the client told, the Studio's copy written. */
export const afterMove = (c: Context<AppEnv>, from: number): OnSettled =>
  copyAndTell(c, "A moved booking's e-mail or Studio copy failed", (booking, facts) =>
    movedEmail(booking, from, facts.mail),
  );
