import { type Lab, type LabOrderRequest, LabRefusal } from "./lab.ts";

/**
 * Prodigi's shipping methods, by the id of the Store's shipping rate that names one: the buyer
 * who paid for "express" gets Express. Any other rate ships Standard.
 */
const METHODS: Partial<Record<string, string>> = {
  budget: "Budget",
  standard: "Standard",
  express: "Express",
  overnight: "Overnight",
};

/**
 * Prodigi's Print API v4 (https://www.prodigi.com/print-api/docs/reference/): `POST
 * {api}/v4.0/Orders` with the `X-API-Key`, JSON in camelCase. Our order id is its idempotency
 * key, so an order handed over twice (a retried message) is one order at the lab: Prodigi
 * answers "AlreadyExists" with the first. Each print file is fetched by the lab from the signed,
 * expiring address we give.
 */
/** Prodigi's answers to an order creation after which the lab has the order. */
const LAB_HAS_IT = new Set(["Created", "CreatedWithIssues", "AlreadyExists"]);

export function prodigi(settings: { apiKey: string; apiUrl: string }): Lab {
  const headers = { "X-API-Key": settings.apiKey };
  const lab: Lab = {
    name: "Prodigi",
    /**
     * `GET {api}/v4.0/Orders/{id}`: its `status.stage` (`InProgress`, `Complete`, `Cancelled`),
     * its issues, and the first shipment's tracking link.
     */
    async news(labOrderId) {
      const res = await fetch(`${settings.apiUrl}/v4.0/Orders/${encodeURIComponent(labOrderId)}`, {
        headers,
        signal: AbortSignal.timeout(15_000),
      });
      const answer = (await res.json().catch(() => null)) as {
        order?: {
          status?: { stage?: string; issues?: { errorCode?: string; description?: string }[] };
          shipments?: { tracking?: { url?: string | null } | null }[];
        };
      } | null;
      const status = answer?.order?.status;
      if (!res.ok || !status?.stage)
        throw new Error(`Prodigi answered ${res.status} for ${labOrderId}`);
      return {
        stage:
          status.stage === "Complete"
            ? "shipped"
            : status.stage === "Cancelled"
              ? "cancelled"
              : "in production",
        trackingUrl:
          answer?.order?.shipments?.find((shipment) => shipment.tracking?.url)?.tracking?.url ??
          undefined,
        issues: (status.issues ?? []).map(
          (issue) => issue.description ?? issue.errorCode ?? "An issue without a description",
        ),
      };
    },
    /**
     * `POST {api}/v4.0/Orders/{id}/actions/cancel`: "Cancelled" with the order, or, once the lab
     * has started on it, "ActionNotAvailable" (or "FailedToCancel"). An order cancelled already
     * is refused so too: its stage then says it is cancelled, so asking twice is harmless.
     */
    async cancel(labOrderId) {
      const res = await fetch(
        `${settings.apiUrl}/v4.0/Orders/${encodeURIComponent(labOrderId)}/actions/cancel`,
        { method: "POST", headers, signal: AbortSignal.timeout(15_000) },
      );
      const answer = (await res.json().catch(() => null)) as { outcome?: string } | null;
      if (res.ok && answer?.outcome === "Cancelled") return true;
      if (answer?.outcome === "ActionNotAvailable" || answer?.outcome === "FailedToCancel") {
        return (await lab.news(labOrderId)).stage === "cancelled";
      }
      throw new Error(`Prodigi answered ${res.status} ${answer?.outcome ?? ""} to a cancellation`);
    },
    /** `GET {api}/v4.0/Orders?merchantReferences={orderId}`: the order we gave that reference. */
    async find(orderId) {
      const query = new URLSearchParams({ merchantReferences: orderId, top: "1" });
      const res = await fetch(`${settings.apiUrl}/v4.0/Orders?${query}`, {
        headers,
        signal: AbortSignal.timeout(15_000),
      });
      const answer = (await res.json().catch(() => null)) as {
        orders?: { id?: string }[];
      } | null;
      if (!res.ok || !answer?.orders) throw new Error(`Prodigi answered ${res.status} to a search`);
      return answer.orders[0]?.id;
    },
    async submit(order: LabOrderRequest) {
      const body = {
        merchantReference: order.orderId,
        idempotencyKey: order.orderId,
        shippingMethod: METHODS[order.shipping ?? ""] ?? "Standard",
        ...(order.callbackUrl ? { callbackUrl: order.callbackUrl } : {}),
        recipient: {
          name: order.recipient.name,
          ...(order.recipient.email ? { email: order.recipient.email } : {}),
          address: {
            line1: order.recipient.address.line1,
            ...(order.recipient.address.line2 ? { line2: order.recipient.address.line2 } : {}),
            postalOrZipCode: order.recipient.address.postalCode,
            countryCode: order.recipient.address.countryCode,
            townOrCity: order.recipient.address.city,
            ...(order.recipient.address.state
              ? { stateOrCounty: order.recipient.address.state }
              : {}),
          },
        },
        items: order.items.map((item) => ({
          merchantReference: item.reference,
          sku: item.sku,
          ...(item.attributes ? { attributes: item.attributes } : {}),
          copies: item.copies,
          sizing: "fillPrintArea",
          assets: [{ printArea: "default", url: item.fileUrl }],
        })),
        metadata: { order: order.orderId },
      };
      const res = await fetch(`${settings.apiUrl}/v4.0/Orders`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const answer = (await res.json().catch(() => null)) as {
        outcome?: string;
        order?: { id?: string };
        failures?: Record<string, { code?: string; description?: string }[]>;
      } | null;
      const id = answer?.order?.id;
      // Created with issues (a file the lab could not fetch yet): the order is there all the
      // same, and its issues come back as its status does (lab news), for the owner to see.
      if (res.ok && id && LAB_HAS_IT.has(answer?.outcome ?? "")) return { labOrderId: id };
      const reasons = Object.entries(answer?.failures ?? {})
        .flatMap(([path, list]) => list.map((failure) => `${path}: ${failure.code ?? "?"}`))
        .join("; ");
      const why = `Prodigi answered ${res.status} ${answer?.outcome ?? ""}${reasons ? ` (${reasons})` : ""}`;
      throw res.status >= 400 && res.status < 500 && res.status !== 429
        ? new LabRefusal(why)
        : new Error(why);
    },
  };
  return lab;
}
