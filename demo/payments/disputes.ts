// Disputes (chargebacks): Stripe's API cannot open one (in test mode a special card number
// does), so the control API stands in for the buyer's bank. The webhook hears what Stripe sends:
// `charge.dispute.created` when the bank opens it, `charge.dispute.closed` when it is decided.
import type Stripe from "stripe";
import type { PaymentsContext } from "./context.ts";
import { invalidRequest, noSuch } from "./errors.ts";
import { newId, now } from "./objects.ts";

/** The evidence the seller has given so far: none. */
const NO_EVIDENCE: Stripe.Dispute.Evidence = {
  access_activity_log: null,
  billing_address: null,
  cancellation_policy: null,
  cancellation_policy_disclosure: null,
  cancellation_rebuttal: null,
  customer_communication: null,
  customer_email_address: null,
  customer_name: null,
  customer_purchase_ip: null,
  customer_signature: null,
  duplicate_charge_documentation: null,
  duplicate_charge_explanation: null,
  duplicate_charge_id: null,
  enhanced_evidence: {},
  product_description: null,
  receipt: null,
  refund_policy: null,
  refund_policy_disclosure: null,
  refund_refusal_explanation: null,
  service_date: null,
  service_documentation: null,
  shipping_address: null,
  shipping_carrier: null,
  shipping_date: null,
  shipping_documentation: null,
  shipping_tracking_number: null,
  uncategorized_file: null,
  uncategorized_text: null,
};

/** The buyer's bank disputes the whole of a PaymentIntent's charge. */
export function openDispute(
  ctx: PaymentsContext,
  intentId: string,
  reason = "fraudulent",
): Stripe.Dispute {
  const intent = ctx.store.paymentIntents.get(intentId);
  if (!intent) throw noSuch("payment_intent", intentId, "payment_intent");
  const paid = ctx.store.charges.get(String(intent.latest_charge));
  if (!paid || intent.status !== "succeeded") {
    throw invalidRequest(`This PaymentIntent (${intentId}) has no successful charge.`);
  }
  if (paid.disputed) throw invalidRequest(`Charge ${paid.id} is disputed already.`);
  const created = now();
  const dispute: Stripe.Dispute = {
    id: newId("dp_"),
    object: "dispute",
    amount: paid.amount - paid.amount_refunded,
    balance_transactions: [],
    charge: paid.id,
    created,
    currency: paid.currency,
    enhanced_eligibility_types: [],
    evidence: NO_EVIDENCE,
    evidence_details: {
      due_by: created + 7 * 24 * 60 * 60,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: "not_submitted",
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: intent.id,
    reason,
    status: "needs_response",
  };
  ctx.store.disputes.set(dispute.id, dispute);
  paid.disputed = true;
  ctx.webhooks.emit("charge.dispute.created", dispute);
  return dispute;
}

/**
 * The bank decides: for the seller ("won") or for the buyer, who keeps the money ("lost"; or
 * "prevented", Visa's Rapid Dispute Resolution refunding them before any chargeback).
 */
export function closeDispute(
  ctx: PaymentsContext,
  id: string,
  outcome: "won" | "lost" | "prevented",
): Stripe.Dispute {
  const dispute = ctx.store.disputes.get(id);
  if (!dispute) throw noSuch("dispute", id, "dispute");
  if (dispute.status === "won" || dispute.status === "lost" || dispute.status === "prevented") {
    throw invalidRequest(`Dispute ${id} is closed already.`);
  }
  const previous = { status: dispute.status };
  dispute.status = outcome;
  ctx.webhooks.emit("charge.dispute.closed", dispute, undefined, previous);
  return dispute;
}
