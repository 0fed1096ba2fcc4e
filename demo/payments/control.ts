// The control API for tests, under /_control/ (outside Stripe's namespace; JSON in and out):
//   GET  /_control/events                              events sent, with every delivery attempt
//   POST /_control/events/{id}/resend                  {secret?, timestamp?}: send it again
//   POST /_control/checkout/sessions/{id}/complete     {payment?: "card" | "bank_transfer",
//                                                       email?, name?, address?, shipping_rate?,
//                                                       promotions?: "opt_in" | "opt_out"}
//                                                      (400 when the session's discount can no
//                                                      longer be redeemed; it stays open)
//   POST /_control/checkout/sessions/{id}/settle       {outcome: "succeeded" | "failed"}
//   POST /_control/checkout/sessions/{id}/leave        {email, promotions?: "opt_in" | "opt_out"}:
//                                                      a buyer typed these on the page and left
//                                                      without paying; the open session keeps
//                                                      them (no event) and its
//                                                      checkout.session.expired carries them
//   POST /_control/checkout/sessions/{id}/expire       its hour is up now: expired, with its
//                                                      event, as when `expires_at` passes (the
//                                                      demo's cart left behind, without waiting)
//   POST /_control/payment_intents/{id}/dispute        {reason?}: the buyer's bank disputes the
//                                                      payment (charge.dispute.created)
//   POST /_control/disputes/{id}/close                 {outcome: "won" | "lost" | "prevented"}:
//                                                      the bank's decision (charge.dispute.closed)
//   POST /_control/refunds/{id}/fail                   {reason?}: the buyer's bank refuses a
//                                                      refund that had succeeded (refund.failed)
//   POST /_control/webhook                             {url}: where events go from now on
//   POST /_control/reset                               forget everything
// Actions answer once the webhook deliveries they cause are done (delivered or given up).
import type { IncomingMessage } from "node:http";
import { HttpError, readJsonBody } from "../server/http.ts";
import { expire, sessionRecord, view } from "./checkout.ts";
import { complete, leave, settle } from "./completion.ts";
import type { PaymentsContext } from "./context.ts";
import { closeDispute, openDispute } from "./disputes.ts";
import { invalidRequest } from "./errors.ts";
import { readBuyer } from "./page.ts";
import { failRefund } from "./refunds.ts";

export interface ControlResult {
  status: number;
  body: unknown;
}

function record(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalidRequest("The body must be a JSON object.");
  }
  return value as Record<string, unknown>;
}

const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);

export async function handleControl(
  ctx: PaymentsContext,
  req: IncomingMessage,
  path: string,
  reset: () => void,
): Promise<ControlResult> {
  const method = req.method ?? "GET";
  if (method === "GET" && path === "/_control/events") {
    return { status: 200, body: ctx.webhooks.records };
  }
  if (method !== "POST") throw new HttpError(405, { error: { message: "Use POST." } });
  const body = record(
    req.headers["content-length"] === "0" ? {} : await readJsonBody(req, 64 * 1024),
  );

  if (path === "/_control/reset") {
    reset();
    return { status: 200, body: { reset: true } };
  }
  if (path === "/_control/webhook") {
    ctx.webhooks.url = typeof body.url === "string" && body.url !== "" ? body.url : undefined;
    return { status: 200, body: { url: ctx.webhooks.url ?? null } };
  }
  const resend = /^\/_control\/events\/([^/]+)\/resend$/.exec(path);
  if (resend?.[1]) {
    const delivery = ctx.webhooks.resend(resend[1], {
      ...(typeof body.secret === "string" ? { secret: body.secret } : {}),
      ...(typeof body.timestamp === "number" ? { timestamp: body.timestamp } : {}),
    });
    if (!delivery) throw invalidRequest("No such event, or no webhook URL set.");
    await ctx.webhooks.idle();
    return { status: 200, body: delivery };
  }
  const disputed = /^\/_control\/payment_intents\/([^/]+)\/dispute$/.exec(path);
  if (disputed?.[1]) {
    const dispute = openDispute(ctx, disputed[1], text(body.reason, "fraudulent"));
    await ctx.webhooks.idle();
    return { status: 200, body: dispute };
  }
  const refused = /^\/_control\/refunds\/([^/]+)\/fail$/.exec(path);
  if (refused?.[1]) {
    const reason = text(body.reason, "expired_or_canceled_card");
    const refund = failRefund(ctx, refused[1], reason);
    await ctx.webhooks.idle();
    return { status: 200, body: refund };
  }
  const decided = /^\/_control\/disputes\/([^/]+)\/close$/.exec(path);
  if (decided?.[1]) {
    if (body.outcome !== "won" && body.outcome !== "lost" && body.outcome !== "prevented") {
      throw invalidRequest('outcome must be "won", "lost" or "prevented".');
    }
    const dispute = closeDispute(ctx, decided[1], body.outcome);
    await ctx.webhooks.idle();
    return { status: 200, body: dispute };
  }
  const action = /^\/_control\/checkout\/sessions\/([^/]+)\/(complete|settle|leave|expire)$/.exec(
    path,
  );
  if (action?.[1]) {
    const found = sessionRecord(ctx, action[1]);
    if (
      body.promotions !== undefined &&
      body.promotions !== "opt_in" &&
      body.promotions !== "opt_out"
    ) {
      throw invalidRequest('promotions must be "opt_in" or "opt_out".');
    }
    if (action[2] === "expire") {
      expire(ctx, found);
    } else if (action[2] === "leave") {
      if (typeof body.email !== "string") throw invalidRequest("email is required.");
      leave(found, body.email, body.promotions);
    } else if (action[2] === "settle") {
      if (body.outcome !== "succeeded" && body.outcome !== "failed") {
        throw invalidRequest('outcome must be "succeeded" or "failed".');
      }
      settle(ctx, found, body.outcome);
    } else {
      const address = record(body.address ?? {});
      const allowed = found.session.shipping_address_collection?.allowed_countries;
      const { buyer, errors } = readBuyer(found.session, {
        email: text(body.email, "buyer@example.com"),
        name: text(body.name, "Test Buyer"),
        line1: text(address.line1, "1 Test Street"),
        line2: text(address.line2, ""),
        city: text(address.city, "London"),
        postal_code: text(address.postal_code, "SW1A 1AA"),
        state: text(address.state, ""),
        country: text(address.country, allowed?.[0] ?? "GB"),
        shipping_rate: text(body.shipping_rate, ""),
        promotions: text(body.promotions, ""),
      });
      if (!buyer) throw invalidRequest(`Invalid buyer: ${JSON.stringify(errors)}`);
      complete(ctx, found, buyer, body.payment === "bank_transfer" ? "bank_transfer" : "card");
    }
    await ctx.webhooks.idle();
    return { status: 200, body: view(ctx, found, ["payment_intent"]) };
  }
  throw new HttpError(404, { error: { message: `No control action at ${path}.` } });
}
