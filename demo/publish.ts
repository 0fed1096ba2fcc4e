// Publishing against the demo content service, the way an editor's publish reaches the site
// with real Sanity: the change is written through the mutation API, then the site is told by
// a webhook signed exactly as Sanity signs it (@sanity/webhook). Used by demo/scripts/publish.ts
// and by tests that need "the owner published something".
import { randomUUID } from "node:crypto";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";

export const DEFAULT_API_VERSION = "2025-02-19";
export const DEFAULT_DATASET = "production";
/** Where the site receives Sanity's webhook. */
export const WEBHOOK_PATH = "/_app/hooks/sanity";

export interface MutationResult {
  id: string;
  operation: "create" | "update" | "delete" | "none";
  document?: { _id: string; _type: string; _rev?: string; [field: string]: unknown };
}

export interface MutateResponse {
  transactionId: string;
  results: MutationResult[];
}

export interface MutateOptions {
  dataset?: string;
  apiVersion?: string;
}

/** The description Sanity puts in an error body, or a short excerpt of whatever came back. */
function describeError(body: unknown, text: string): string {
  const error = (body as { error?: unknown; message?: unknown } | undefined)?.error;
  if (typeof error === "object" && error !== null && "description" in error) {
    return String((error as { description: unknown }).description);
  }
  const message = (body as { message?: unknown } | undefined)?.message;
  if (typeof message === "string") return message;
  return text.slice(0, 200);
}

/**
 * Runs the mutations as one transaction (`POST /v{apiVersion}/data/mutate/{dataset}`) and
 * returns Sanity's answer, each result with its document. Throws with the service's
 * description of the problem when it refuses; the token is never part of a message.
 */
export async function mutate(
  contentUrl: string,
  token: string,
  mutations: unknown[],
  options: MutateOptions = {},
): Promise<MutateResponse> {
  const apiVersion = options.apiVersion ?? DEFAULT_API_VERSION;
  const dataset = options.dataset ?? DEFAULT_DATASET;
  const url = new URL(
    `/v${apiVersion}/data/mutate/${encodeURIComponent(dataset)}`,
    contentUrl.endsWith("/") ? contentUrl : `${contentUrl}/`,
  );
  url.search = new URLSearchParams({
    returnIds: "true",
    returnDocuments: "true",
    visibility: "sync",
  }).toString();
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ mutations }),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    throw new Error(`Mutation refused (${response.status}): ${describeError(body, text)}`);
  }
  return body as MutateResponse;
}

export interface WebhookBody {
  _id: string;
  _type: string;
  slug?: { current: string };
  operation: "create" | "update" | "delete";
  [field: string]: unknown;
}

/** The payload of a webhook with the projection `{_id, _type, slug, "operation": delta::operation()}`. */
export function webhookBody(
  doc: { _id: string; _type: string; slug?: unknown },
  operation: WebhookBody["operation"],
): WebhookBody {
  const current = (doc.slug as { current?: unknown } | undefined)?.current;
  return {
    _id: doc._id,
    _type: doc._type,
    ...(typeof current === "string" ? { slug: { current } } : {}),
    operation,
  };
}

export interface WebhookDelivery {
  siteUrl: string;
  secret: string;
  body: WebhookBody;
  projectId?: string;
  dataset?: string;
  /** The transaction that caused the webhook (Sanity sends it as a header). */
  transactionId?: string;
}

/**
 * POSTs the body to `${siteUrl}/_app/hooks/sanity` with Sanity's signature header
 * (`sanity-webhook-signature: t=<ms>,v1=<HMAC-SHA256>`), and the other headers Sanity's
 * delivery adds. Resolves with the site's answer, whatever its status.
 */
export async function sendSanityWebhook(
  delivery: WebhookDelivery,
): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(delivery.body);
  const signature = await encodeSignatureHeader(payload, Date.now(), delivery.secret);
  const transactionId = delivery.transactionId ?? randomUUID();
  const response = await fetch(`${delivery.siteUrl.replace(/\/+$/, "")}${WEBHOOK_PATH}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [SIGNATURE_HEADER_NAME]: signature,
      "idempotency-key": `${transactionId}-${delivery.body._id}`,
      "sanity-project-id": delivery.projectId ?? "demo",
      "sanity-dataset": delivery.dataset ?? DEFAULT_DATASET,
      "sanity-document-id": delivery.body._id,
      "sanity-operation": delivery.body.operation,
      "sanity-transaction-id": transactionId,
      "sanity-transaction-time": new Date().toISOString(),
      "user-agent": "Sanity.io webhook delivery",
    },
    body: payload,
  });
  return { status: response.status, text: await response.text() };
}
