// Refunds: all or part of a paid charge (named by its PaymentIntent or itself) goes back to
// the buyer at once, and the webhook hears `charge.refunded` with the charge as it is now. The
// control API can have the buyer's bank refuse one afterwards (a card closed since): the money
// comes back to the seller, and the webhook hears `refund.failed`.
import type Stripe from "stripe";
import type { PaymentsContext, RequestInfo } from "./context.ts";
import { invalidRequest, noSuch } from "./errors.ts";
import type { Params } from "./form.ts";
import * as make from "./objects.ts";
import { list } from "./store.ts";

const IMPLEMENTED = [
  "payment_intent",
  "charge",
  "amount",
  "metadata",
  "reason",
  "expand",
] as const satisfies readonly (keyof Stripe.RefundCreateParams)[];
const OTHERS = [
  "currency",
  "customer",
  "instructions_email",
  "origin",
  "refund_application_fee",
  "reverse_transfer",
] as const satisfies readonly (keyof Stripe.RefundCreateParams)[];

function chargeToRefund(ctx: PaymentsContext, params: Params): Stripe.Charge {
  const intentId = params.string("payment_intent");
  const chargeId = params.string("charge");
  if (intentId === undefined && chargeId === undefined) {
    throw invalidRequest(
      "One of the following params should be provided for this request: payment_intent or charge.",
    );
  }
  if (intentId !== undefined) {
    const intent = ctx.store.paymentIntents.get(intentId);
    if (!intent) throw noSuch("payment_intent", intentId, "payment_intent");
    const paid = ctx.store.charges.get(String(intent.latest_charge));
    if (!paid || intent.status !== "succeeded") {
      throw invalidRequest(
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        { param: "payment_intent" },
      );
    }
    if (chargeId !== undefined && chargeId !== paid.id) {
      throw invalidRequest(`The charge ${chargeId} does not belong to ${intentId}.`, {
        param: "charge",
      });
    }
    return paid;
  }
  const paid = ctx.store.charges.get(chargeId as string);
  if (!paid) throw noSuch("charge", chargeId as string, "charge");
  return paid;
}

const CHARGED_BACK = new Set<Stripe.Dispute.Status>(["needs_response", "under_review", "lost"]);

export function createRefund(
  ctx: PaymentsContext,
  params: Params,
  request: RequestInfo,
): Stripe.Refund {
  params.only(IMPLEMENTED, [...IMPLEMENTED, ...OTHERS]);
  const paid = chargeToRefund(ctx, params);
  // A chargeback's money is with the bank: Stripe refunds none of it (an inquiry, `warning_…`,
  // and a dispute won, it does).
  const chargedBack = [...ctx.store.disputes.values()].some(
    (dispute) => dispute.charge === paid.id && CHARGED_BACK.has(dispute.status),
  );
  if (chargedBack) {
    throw invalidRequest(`Charge ${paid.id} has been charged back; cannot issue a refund.`, {
      code: "charge_disputed",
    });
  }
  const left = paid.amount - paid.amount_refunded;
  if (left === 0) {
    throw invalidRequest(`Charge ${paid.id} has already been refunded.`, {
      code: "charge_already_refunded",
    });
  }
  const amount = params.integer("amount", { min: 1 }) ?? left;
  if (amount > left) {
    throw invalidRequest(
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
      { param: "amount" },
    );
  }
  const reason =
    params.oneOf("reason", ["duplicate", "fraudulent", "requested_by_customer"]) ?? null;
  const created = make.refund(paid, amount, params.metadata("metadata"), reason);
  ctx.store.refunds.set(created.id, created);
  const previous = { amount_refunded: paid.amount_refunded, refunded: paid.refunded };
  paid.amount_refunded += amount;
  paid.refunded = paid.amount_refunded === paid.amount;
  ctx.webhooks.emit("charge.refunded", paid, request, previous);
  return created;
}

/** The buyer's bank refuses a refund that had succeeded: the charge is as unrefunded as before it. */
export function failRefund(
  ctx: PaymentsContext,
  id: string,
  reason: Stripe.Refund["failure_reason"] & string,
): Stripe.Refund {
  const refunded = ctx.store.refunds.get(id);
  if (!refunded) throw noSuch("refund", id, "id");
  if (refunded.status !== "succeeded") {
    throw invalidRequest(`Refund ${id} is ${refunded.status}, not succeeded.`);
  }
  const paid = ctx.store.charges.get(String(refunded.charge));
  if (paid) {
    paid.amount_refunded -= refunded.amount;
    paid.refunded = false;
  }
  const previous = { status: refunded.status };
  refunded.status = "failed";
  refunded.failure_reason = reason;
  ctx.webhooks.emit("refund.failed", refunded, undefined, previous);
  return refunded;
}

/** The refunds of one payment (`payment_intent`), as Stripe's `GET /v1/refunds` lists them. */
export function listRefunds(ctx: PaymentsContext, params: Params) {
  params.only(["payment_intent", "limit", "starting_after", "ending_before"]);
  const paymentIntent = params.string("payment_intent");
  const refunds = [...ctx.store.refunds.values()].filter(
    (refund) => paymentIntent === undefined || refund.payment_intent === paymentIntent,
  );
  return list(refunds, "/v1/refunds", {
    limit: params.integer("limit"),
    startingAfter: params.string("starting_after"),
    endingBefore: params.string("ending_before"),
  });
}
