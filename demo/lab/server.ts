// A stand-in for Prodigi's Print API v4 (the print lab), for the demo and the tests: orders
// created, read, listed and cancelled over JSON with an `X-API-Key`, as the worker will call
// Prodigi with plain fetch; print files downloaded like a real lab; callbacks as orders move;
// and a control API for tests. Routing, authentication and lifecycle live here, the orders'
// life in orders.ts.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { leaveIdleClosingToClients, readBody, splitTarget } from "../server/http.ts";
import { Timers } from "../timers.ts";
import { type CallbackRecord, Callbacks } from "./callbacks.ts";
import { type OrderRecord, Orders } from "./orders.ts";
import type { Failure, Order } from "./types.ts";
import { validateOrder } from "./validate.ts";

export interface LabServiceOptions {
  /** The one `X-API-Key` accepted. */
  apiKey: string;
  port?: number;
  host?: string;
  /** Ships orders by themselves this long after their files are in; otherwise only /_control/ does. */
  shipAfterMs?: number;
  /** Waits before each retry of a failed callback (default 1 s, 5 s, 25 s). */
  callbackRetryDelaysMs?: readonly number[];
  /** How long a callback waits for an answer (default 10 s). */
  callbackTimeoutMs?: number;
  /** How long the download of a print file may take (default 30 s). */
  downloadTimeoutMs?: number;
}

export interface LabOrder {
  order: Order;
  /** What the lab got from each print file's URL. */
  downloads: OrderRecord["downloads"];
}

/**
 * A forced answer to the next order creations (control API): a failure, or (200) the order
 * created with issues the lab found at once, Prodigi's `CreatedWithIssues`.
 */
export interface ForcedFailure {
  status: 500 | 400 | 200;
  /** For a 500: the order is created all the same, as when an answer is lost. */
  createdAnyway: boolean;
}

export interface LabService {
  /** The API's origin: requests go to `{url}/v4.0/Orders`. */
  url: string;
  host: string;
  port: number;
  orders(): LabOrder[];
  callbacks(): CallbackRecord[];
  /** Ships an order now (it must be in production, its files in). */
  advance(id: string): Promise<Order>;
  /** Makes the next `count` order creations fail. */
  failNext(count: number, failure: ForcedFailure): void;
  /** Resolves once no download or callback is under way. */
  settled(): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const traceParent = () =>
  `00-${randomBytes(16).toString("hex")}-${randomBytes(8).toString("hex")}-01`;

const answer = (status: number, outcome: string, rest: Record<string, unknown> = {}): Answer => ({
  status,
  body: { outcome, ...rest },
});

function validationFailed(failures: Record<string, Failure[]>): Answer {
  return answer(400, "ValidationFailed", { failures });
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startLabService(options: LabServiceOptions): Promise<LabService> {
  if (options.apiKey.length < 8) throw new Error("apiKey must be at least 8 characters");
  let origin = "";
  const timers = new Timers();
  const callbacks = new Callbacks({
    retryDelaysMs: options.callbackRetryDelaysMs ?? [1000, 5000, 25_000],
    timeoutMs: options.callbackTimeoutMs ?? 10_000,
  });
  const orders = new Orders(
    callbacks,
    timers,
    { shipAfterMs: options.shipAfterMs, downloadTimeoutMs: options.downloadTimeoutMs ?? 30_000 },
    () => `${origin}/v4.0/Orders/`,
  );
  const forced: ForcedFailure[] = [];

  const settled = async () => {
    await Promise.allSettled([...orders.records.values()].map((record) => record.intake));
    await callbacks.idle();
  };
  const advance = async (id: string) => {
    const record = orders.records.get(id);
    if (!record) throw new Error(`No order ${id}`);
    await record.intake;
    orders.ship(record);
    await callbacks.idle();
    return record.order;
  };
  const reset = () => {
    timers.clear();
    callbacks.reset();
    orders.clear();
    forced.length = 0;
  };

  async function createOrder(req: IncomingMessage): Promise<Answer> {
    if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) {
      return answer(415, "InvalidContentType");
    }
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req, 1024 * 1024)).toString());
    } catch {
      return validationFailed({
        "": [{ code: "InvalidJson", providedValue: null, description: "The body is not JSON" }],
      });
    }
    const failure = forced.shift();
    if (failure?.status === 400) {
      const postcode = (body as { recipient?: { address?: { postalOrZipCode?: unknown } } })
        ?.recipient?.address?.postalOrZipCode;
      return validationFailed({
        "recipient.address.postalOrZipCode": [
          {
            code: "MustBeAValidPostalCodeFormat",
            providedValue: postcode ?? null,
            description: "Refused by the lab stand-in's control API",
          },
        ],
      });
    }
    const checked = validateOrder(body);
    if ("failures" in checked) return validationFailed(checked.failures);
    const existing = orders.byIdempotencyKey(checked.order.idempotencyKey);
    if (existing) return answer(200, "AlreadyExists", { order: existing.order });
    if (failure?.status === 500 && !failure.createdAnyway)
      return answer(500, "InternalServerError");
    const created = orders.create(checked.order);
    if (failure?.status === 500) return answer(500, "InternalServerError");
    if (failure?.status === 200) {
      created.order.status.issues.push({
        objectId: created.order.id,
        errorCode: "order.items.assets.NotDownloaded",
        description: "Forced by the lab stand-in's control API",
        authorisationDetails: null,
      });
      return answer(200, "CreatedWithIssues", { order: structuredClone(created.order) });
    }
    return answer(200, "Created", { order: structuredClone(created.order) });
  }

  function listOrders(search: URLSearchParams): Answer {
    const top = Number(search.get("top") ?? 10);
    const skip = Number(search.get("skip") ?? 0);
    if (!Number.isInteger(top) || top < 1 || top > 100 || !Number.isInteger(skip) || skip < 0) {
      return validationFailed({
        top: [
          {
            code: "MustBeBetween1And100",
            providedValue: search.get("top"),
            description: "top must be 1 to 100, skip 0 or more",
          },
        ],
      });
    }
    const values = (name: string) =>
      search
        .getAll(name)
        .flatMap((value) => value.split(","))
        .filter(Boolean);
    const ids = values("orderIds");
    const references = values("merchantReferences");
    const stage = search.get("status");
    const matching = [...orders.records.values()]
      .map((record) => record.order)
      .filter((order) => ids.length === 0 || ids.includes(order.id))
      .filter((o) => references.length === 0 || references.includes(o.merchantReference ?? ""))
      .filter((order) => !stage || order.status.stage.toLowerCase() === stage.toLowerCase())
      .reverse();
    const hasMore = skip + top < matching.length;
    const next = new URLSearchParams(search);
    next.set("skip", String(skip + top));
    return answer(200, "Ok", {
      hasMore,
      nextUrl: hasMore ? `${origin}/v4.0/Orders?${next}` : null,
      orders: matching.slice(skip, skip + top),
    });
  }

  async function api(req: IncomingMessage, path: string, search: URLSearchParams): Promise<Answer> {
    const key = req.headers["x-api-key"];
    if (typeof key !== "string" || !sameKey(key, options.apiKey)) {
      return answer(401, "Unauthorized");
    }
    const method = req.method ?? "GET";
    const match = /^\/v4\.0\/orders(?:\/([^/]+)(\/actions(?:\/cancel)?)?)?\/?$/i.exec(path);
    if (!match) return answer(404, "EndpointDoesNotExist");
    const [, id, action] = match;
    if (id === undefined) {
      if (method === "POST") return createOrder(req);
      if (method === "GET") return listOrders(search);
      return answer(405, "MethodNotAllowed");
    }
    const record = orders.records.get(id);
    if (!record) return answer(404, "EntityNotFound");
    const cancellable =
      record.order.status.stage === "InProgress" &&
      record.order.status.details.inProduction !== "Complete";
    if (action === undefined && method === "GET") return answer(200, "Ok", { order: record.order });
    if (action?.toLowerCase() === "/actions" && method === "GET") {
      const yes = (available: boolean) => ({ isAvailable: available ? "Yes" : "No" });
      return answer(200, "Ok", {
        cancel: yes(cancellable),
        changeRecipientDetails: yes(false),
        changeShippingMethod: yes(false),
        changeMetaData: yes(false),
      });
    }
    if (action?.toLowerCase() === "/actions/cancel" && method === "POST") {
      if (!orders.cancel(record)) return answer(400, "ActionNotAvailable");
      return answer(200, "Cancelled", { order: record.order });
    }
    return answer(405, "MethodNotAllowed");
  }

  async function control(req: IncomingMessage, path: string): Promise<Answer | undefined> {
    const method = req.method ?? "GET";
    if (method === "GET" && path === "/_control/orders")
      return { status: 200, body: { orders: listed() } };
    if (method === "GET" && path === "/_control/callbacks") {
      return { status: 200, body: { callbacks: callbacks.records } };
    }
    if (method !== "POST") return undefined;
    // Large enough for the print files a test hands over (`/files`).
    const raw = (await readBody(req, 64 * 1024 * 1024)).toString();
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    if (path === "/_control/reset") {
      reset();
      return { status: 200, body: { reset: true } };
    }
    if (path === "/_control/fail-next") {
      const count = typeof body.count === "number" ? body.count : 1;
      failNext(count, {
        status: body.status === 400 || body.status === 200 ? body.status : 500,
        createdAnyway: body.createdAnyway === true,
      });
      return { status: 200, body: { failing: forced.length } };
    }
    const files = /^\/_control\/orders\/([^/]+)\/files$/.exec(path);
    const record = files?.[1] ? orders.records.get(files[1]) : undefined;
    if (files) {
      if (!record) return { status: 404, body: { error: `No order ${files[1]}` } };
      const given = (body.files ?? {}) as Record<string, { type: string; base64: string }>;
      try {
        await orders.retakeFiles(
          record,
          new Map(
            Object.entries(given).map(([url, file]) => [
              url,
              { type: file.type, bytes: Buffer.from(file.base64, "base64") },
            ]),
          ),
        );
      } catch (error) {
        return { status: 409, body: { error: (error as Error).message } };
      }
      await callbacks.idle();
      return { status: 200, body: { order: record.order } };
    }
    const move = /^\/_control\/orders\/([^/]+)\/advance$/.exec(path);
    if (move?.[1]) {
      try {
        return { status: 200, body: { order: await advance(move[1]) } };
      } catch (error) {
        return { status: 409, body: { error: (error as Error).message } };
      }
    }
    return undefined;
  }

  const listed = (): LabOrder[] =>
    [...orders.records.values()].map(({ order, downloads }) => ({ order, downloads }));
  const failNext = (count: number, failure: ForcedFailure) => {
    for (let i = 0; i < count; i++) forced.push(failure);
  };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { path, search } = splitTarget(req.url);
    const result = path.startsWith("/_control/")
      ? ((await control(req, path)) ?? {
          status: 404,
          body: { error: `No control action at ${path}` },
        })
      : await api(req, path, search);
    const text = JSON.stringify(
      path.startsWith("/_control/") ? result.body : { ...result.body, traceParent: traceParent() },
    );
    res.writeHead(result.status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(text)),
    });
    res.end(text);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      console.error(`lab stand-in: ${req.method} ${(req.url ?? "").slice(0, 200)}:`, error);
      if (res.headersSent) return void res.destroy();
      const text = JSON.stringify({ outcome: "InternalServerError", traceParent: traceParent() });
      res.writeHead(500, { "content-type": "application/json; charset=utf-8" }).end(text);
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
    orders: listed,
    callbacks: () => callbacks.records,
    advance,
    failNext,
    settled,
    reset,
    close: () =>
      new Promise<void>((resolve, reject) => {
        timers.clear();
        callbacks.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
