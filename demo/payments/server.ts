// A stand-in for Stripe (test mode), for the demo and the tests: the part of Stripe's API that
// Checkout payments use (with coupons and promotion codes for their discounts), in Stripe's
// wire format, so the official `stripe` package talks to it as to Stripe (`host`, `port`,
// `protocol: "http"`); the hosted checkout page its sessions point to; signed webhooks; and a
// control API for tests. Routing, authentication and
// lifecycle live here, the endpoints in checkout.ts, coupons.ts, refunds.ts, page.ts and
// control.ts.
import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  HttpError,
  leaveIdleClosingToClients,
  readBody,
  sendJson,
  splitTarget,
} from "../server/http.ts";
import { Timers } from "../timers.ts";
import {
  createSession,
  expire,
  expireDue,
  listLineItems,
  sessionRecord,
  view,
} from "./checkout.ts";
import type { AsyncPaymentSetting, PaymentsContext, RequestInfo } from "./context.ts";
import { handleControl } from "./control.ts";
import {
  createCoupon,
  createPromotionCode,
  deleteCoupon,
  listPromotionCodes,
  refreshCoupons,
  updatePromotionCode,
} from "./coupons.ts";
import { invalidRequest, noSuch, StripeError } from "./errors.ts";
import { type EventRecord, Webhooks } from "./events.ts";
import { type FormObject, Params, parseForm } from "./form.ts";
import { IdempotencyKeys, type SavedAnswer } from "./idempotency.ts";
import { API_VERSION, newId } from "./objects.ts";
import { handlePage } from "./page.ts";
import { createRefund, listRefunds } from "./refunds.ts";
import { expand, PaymentsStore } from "./store.ts";

export interface PaymentsServiceOptions {
  /** The one API key accepted, `sk_test_…`. */
  secretKey: string;
  /** The webhook endpoint's signing secret, `whsec_…`. */
  webhookSecret: string;
  /** Where events are POSTed; may be set later with setWebhookUrl(). */
  webhookUrl?: string;
  port?: number;
  host?: string;
  /** Waits before each retry of a failed webhook delivery (default 1 s, 5 s, 25 s). */
  webhookRetryDelaysMs?: readonly number[];
  /** How long a webhook delivery waits for an answer (default 10 s). */
  webhookTimeoutMs?: number;
  /** Settles "Pay later" payments by itself after a delay; otherwise only /_control/ does. */
  asyncPayment?: AsyncPaymentSetting;
  /**
   * How often sessions past their `expires_at` are expired when no request comes (each
   * request also does it); default 2 s.
   */
  sweepEveryMs?: number;
}

export interface PaymentsService {
  /** `http://127.0.0.1:{port}`: the hosted pages and the control API. */
  url: string;
  /** For the SDK: `new Stripe(key, { host, port, protocol })`. */
  host: string;
  port: number;
  protocol: "http";
  setWebhookUrl(url: string | undefined): void;
  /** Every event so far, with its deliveries. */
  events(): EventRecord[];
  /** Resolves once no webhook delivery is under way. */
  settled(): Promise<void>;
  /** Forgets every object, event and idempotency key. */
  reset(): void;
  close(): Promise<void>;
}

type Handler = (params: Params, id: string, request: RequestInfo) => unknown;

function unauthorized(message: string): StripeError {
  return new StripeError(401, "invalid_request_error", message);
}

function authenticate(req: IncomingMessage, secretKey: string): void {
  const header = req.headers.authorization ?? "";
  const bearer = /^Bearer (.+)$/.exec(header)?.[1];
  const basic = /^Basic (.+)$/.exec(header)?.[1];
  const key = bearer ?? (basic ? Buffer.from(basic, "base64").toString().split(":")[0] : undefined);
  if (!key) {
    throw unauthorized(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    );
  }
  const given = Buffer.from(key);
  const expected = Buffer.from(secretKey);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    const shown =
      key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}` : "****";
    throw unauthorized(`Invalid API Key provided: ${shown}`);
  }
}

export async function startPaymentsService(
  options: PaymentsServiceOptions,
): Promise<PaymentsService> {
  if (!/^sk_test_\w{8,}$/.test(options.secretKey)) {
    throw new Error("secretKey must be a test-mode key: sk_test_ and at least 8 more characters");
  }
  if (!/^whsec_\w{8,}$/.test(options.webhookSecret)) {
    throw new Error("webhookSecret must look like whsec_ and at least 8 more characters");
  }
  let origin = "";
  const webhooks = new Webhooks({
    secret: options.webhookSecret,
    url: options.webhookUrl,
    retryDelaysMs: options.webhookRetryDelaysMs ?? [1000, 5000, 25_000],
    timeoutMs: options.webhookTimeoutMs ?? 10_000,
  });
  const ctx: PaymentsContext = {
    store: new PaymentsStore(),
    webhooks,
    timers: new Timers(),
    origin: () => origin,
    asyncPayment: options.asyncPayment,
  };
  const keys = new IdempotencyKeys();
  const reset = () => {
    ctx.timers.clear();
    ctx.store.clear();
    webhooks.reset();
    keys.clear();
  };

  // What time changes by itself: sessions past `expires_at` expire (their event sent once),
  // coupons past `redeem_by` stop being valid. Swept as each request arrives, so no answer
  // shows a stale state, and on a timer that does not keep the process alive.
  const sweep = () => {
    expireDue(ctx);
    refreshCoupons(ctx);
  };
  const sweeper = setInterval(() => {
    try {
      sweep();
    } catch (error) {
      console.error("payments stand-in: the expiry sweep failed:", error);
    }
  }, options.sweepEveryMs ?? 2000);
  sweeper.unref();

  const { store } = ctx;
  const retrieve =
    (find: (id: string) => unknown, kind: string, param: string): Handler =>
    (params, id) => {
      params.only(["expand"]);
      const found = find(id);
      if (found === undefined) {
        throw noSuch(kind, id, param);
      }
      return expand(found, params.strings("expand"), (other) => store.find(other));
    };
  const event = (id: string) => webhooks.records.find((record) => record.event.id === id)?.event;
  const expandFound = (found: unknown, params: Params) =>
    expand(found, params.strings("expand"), (id) => store.find(id));
  const routes: [string, RegExp, Handler][] = [
    ["POST", /^\/v1\/checkout\/sessions$/, (params) => createSession(ctx, params)],
    [
      "GET",
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      (params, id) => view(ctx, sessionRecord(ctx, id), params.only(["expand"]).strings("expand")),
    ],
    [
      "GET",
      /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
      (params, id) => listLineItems(ctx, id, params),
    ],
    [
      "POST",
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      (params, id, request) => {
        const found = sessionRecord(ctx, id);
        expire(ctx, found, request);
        return view(ctx, found, params.only(["expand"]).strings("expand"));
      },
    ],
    [
      "POST",
      /^\/v1\/refunds$/,
      (params, _id, request) =>
        expand(createRefund(ctx, params, request), params.strings("expand"), (id) =>
          store.find(id),
        ),
    ],
    ["GET", /^\/v1\/refunds$/, (params) => listRefunds(ctx, params)],
    ["GET", /^\/v1\/refunds\/([^/]+)$/, retrieve((id) => store.refunds.get(id), "refund", "id")],
    ["GET", /^\/v1\/disputes\/([^/]+)$/, retrieve((id) => store.disputes.get(id), "dispute", "id")],
    [
      "GET",
      /^\/v1\/payment_intents\/([^/]+)$/,
      retrieve((id) => store.paymentIntents.get(id), "payment_intent", "intent"),
    ],
    [
      "GET",
      /^\/v1\/charges\/([^/]+)$/,
      retrieve((id) => store.charges.get(id), "charge", "charge"),
    ],
    ["GET", /^\/v1\/products\/([^/]+)$/, retrieve((id) => store.products.get(id), "product", "id")],
    [
      "GET",
      /^\/v1\/shipping_rates\/([^/]+)$/,
      retrieve((id) => store.shippingRates.get(id), "shipping_rate", "shipping_rate_token"),
    ],
    ["GET", /^\/v1\/events\/([^/]+)$/, retrieve(event, "event", "id")],
    ["POST", /^\/v1\/coupons$/, (params) => expandFound(createCoupon(ctx, params), params)],
    [
      "GET",
      /^\/v1\/coupons\/([^/]+)$/,
      // A deleted coupon is gone from the API; codes and sessions naming it still expand it.
      retrieve(
        (id) => (store.deletedCoupons.has(id) ? undefined : store.coupons.get(id)),
        "coupon",
        "coupon",
      ),
    ],
    [
      "DELETE",
      /^\/v1\/coupons\/([^/]+)$/,
      (params, id) => {
        params.only([]);
        return deleteCoupon(ctx, id);
      },
    ],
    [
      "POST",
      /^\/v1\/promotion_codes$/,
      (params) => expandFound(createPromotionCode(ctx, params), params),
    ],
    [
      "GET",
      /^\/v1\/promotion_codes$/,
      (params) => expandFound(listPromotionCodes(ctx, params), params),
    ],
    [
      "GET",
      /^\/v1\/promotion_codes\/([^/]+)$/,
      retrieve((id) => store.promotionCodes.get(id), "promotion_code", "promotion_code"),
    ],
    [
      "POST",
      /^\/v1\/promotion_codes\/([^/]+)$/,
      (params, id) => expandFound(updatePromotionCode(ctx, id, params), params),
    ],
  ];

  async function api(req: IncomingMessage, res: ServerResponse, path: string, query: string) {
    const requestId = newId("req_", 14);
    const headers = { "request-id": requestId, "stripe-version": API_VERSION };
    const method = req.method ?? "GET";
    const version = req.headers["stripe-version"];
    if (version !== undefined && version !== API_VERSION) {
      throw invalidRequest(
        `The payments stand-in speaks Stripe API version ${API_VERSION} only (asked: ${version}).`,
      );
    }
    authenticate(req, options.secretKey);
    const match = routes
      .map(([verb, pattern, handle]) => ({ verb, found: pattern.exec(path), handle }))
      .find(({ verb, found }) => verb === method && found);
    if (!match) {
      throw new StripeError(
        404,
        "invalid_request_error",
        `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      );
    }
    const raw = method === "POST" ? (await readBody(req, 1024 * 1024)).toString() : query;
    const form: FormObject = parseForm(raw);
    const idempotencyKey = method === "POST" ? req.headers["idempotency-key"] : undefined;
    const request: RequestInfo = {
      id: requestId,
      idempotency_key: typeof idempotencyKey === "string" ? idempotencyKey : null,
    };
    const run = async (): Promise<SavedAnswer> => ({
      status: 200,
      body: match.handle(new Params(form), decodeURIComponent(match.found?.[1] ?? ""), request),
    });
    const answer =
      typeof idempotencyKey === "string"
        ? await keys.run(idempotencyKey, `${method} ${path}`, form, run)
        : { ...(await run()), replayed: false };
    // Stripe echoes the key, and says when an answer is a saved one.
    const replay = {
      ...(typeof idempotencyKey === "string" ? { "idempotency-key": idempotencyKey } : {}),
      ...(answer.replayed ? { "idempotent-replayed": "true" } : {}),
    };
    res.writeHead(answer.status, {
      "content-type": "application/json",
      ...headers,
      ...replay,
    });
    res.end(JSON.stringify(answer.body, null, 2));
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    sweep();
    const target = req.url ?? "/";
    const { path } = splitTarget(target);
    const query = target.includes("?") ? target.slice(target.indexOf("?") + 1) : "";
    if (path.startsWith("/_control/")) {
      const result = await handleControl(ctx, req, path, reset);
      sendJson(req, res, result.status, result.body, { "cache-control": "no-store" });
      return;
    }
    const page = /^\/c\/pay\/([^/]+)$/.exec(path);
    if (page?.[1]) {
      await handlePage(ctx, req, res, page[1]);
      return;
    }
    await api(req, res, path, query);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof HttpError) {
        sendJson(req, res, error.status, error.body, error.headers);
        return;
      }
      console.error(`payments stand-in: ${req.method} ${(req.url ?? "").slice(0, 200)}:`, error);
      sendJson(req, res, 500, {
        error: { type: "api_error", message: "An unknown error occurred in the stand-in." },
      });
    });
  });
  leaveIdleClosingToClients(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  origin = `http://${host}:${address.port}`;

  return {
    url: origin,
    host: address.address,
    port: address.port,
    protocol: "http",
    setWebhookUrl: (url) => {
      webhooks.url = url;
    },
    events: () => webhooks.records,
    settled: () => webhooks.idle(),
    reset,
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(sweeper);
        ctx.timers.clear();
        webhooks.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
