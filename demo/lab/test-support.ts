// Test support (not a test file): the lab stand-in with a callback receiver and a file server
// standing in for the site's print-file URLs (a signed one that expires, a missing one, an
// HTML page), and the fetch calls the worker will make.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Receiver, startReceiver } from "../receiver.ts";
import { type LabService, type LabServiceOptions, startLabService } from "./server.ts";
import type { Order } from "./types.ts";

export const API_KEY = "prodigi-standin-key-0123";
/** Stands for a print file's bytes (the lab checks the type and the MD5, not the pixels). */
export const JPEG = Buffer.from("\xff\xd8\xff\xe0 a print file \xff\xd9", "latin1");

export interface Files {
  url: string;
  /** Paths the lab asked for, in order. */
  requested: string[];
  close(): Promise<void>;
}

/** `/print.jpg?sig=ok` is a JPEG; another signature is a 403, as an expired signed URL is. */
export async function startFiles(): Promise<Files> {
  const requested: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://files");
    requested.push(`${url.pathname}${url.search}`);
    if (url.pathname === "/print.jpg" && url.searchParams.get("sig") === "ok") {
      res.writeHead(200, { "content-type": "image/jpeg" }).end(JPEG);
    } else if (url.pathname === "/print.jpg") {
      res.writeHead(403, { "content-type": "text/plain" }).end("Signature expired");
    } else if (url.pathname === "/login") {
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><p>Log in");
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requested,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface Harness {
  lab: LabService;
  files: Files;
  receiver: Receiver;
  /** POST /v4.0/Orders with the API key, as the worker calls Prodigi. */
  create(body: unknown, key?: string): Promise<{ status: number; body: OrderAnswer }>;
  get(path: string, key?: string): Promise<{ status: number; body: OrderAnswer }>;
  close(): Promise<void>;
}

/** The parts of Prodigi's answers the tests read. */
export interface OrderAnswer {
  outcome: string;
  traceParent?: string;
  order?: Order;
  orders?: Order[];
  hasMore?: boolean;
  nextUrl?: string | null;
  failures?: Record<string, { code: string; providedValue: unknown; description: string }[]>;
  cancel?: { isAvailable: string };
}

export async function startHarness(options: Partial<LabServiceOptions> = {}): Promise<Harness> {
  const files = await startFiles();
  const receiver = await startReceiver();
  const lab = await startLabService({
    apiKey: API_KEY,
    callbackRetryDelaysMs: [10, 20],
    ...options,
  });
  const call = async (path: string, init: RequestInit, key: string) => {
    const response = await fetch(`${lab.url}${path}`, {
      ...init,
      headers: { "x-api-key": key, "content-type": "application/json", ...init.headers },
    });
    return { status: response.status, body: (await response.json()) as OrderAnswer };
  };
  return {
    lab,
    files,
    receiver,
    create: (body, key = API_KEY) =>
      call("/v4.0/Orders", { method: "POST", body: JSON.stringify(body) }, key),
    get: (path, key = API_KEY) => call(path, { method: "GET" }, key),
    close: async () => {
      await lab.close();
      await files.close();
      await receiver.close();
    },
  };
}

/** An order for one print of a photograph, its file at `fileUrl`. */
export function printOrder(h: Harness, fileUrl = `${h.files.url}/print.jpg?sig=ok`) {
  return {
    merchantReference: "ord-42",
    shippingMethod: "Standard",
    idempotencyKey: `ord-42-${Math.random()}`,
    callbackUrl: `${h.receiver.url}/hooks/prodigi?token=secret`,
    recipient: {
      name: "Anna Muster",
      email: "anna@example.com",
      address: {
        line1: "1 rue de la Paix",
        line2: null,
        postalOrZipCode: "75002",
        countryCode: "FR",
        townOrCity: "Paris",
        stateOrCounty: null,
      },
    },
    items: [
      {
        merchantReference: "line-1",
        sku: "GLOBAL-FAP-16X20",
        copies: 2,
        sizing: "fillPrintArea",
        attributes: {},
        assets: [{ printArea: "default", url: fileUrl }],
      },
    ],
    metadata: { stripeSession: "cs_test_123" },
  };
}
