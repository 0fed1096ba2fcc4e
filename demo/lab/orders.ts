// The lab's orders and their life: accepted `InProgress`, print files downloaded (a file it
// cannot use puts an issue on the order and stops it there), charged, then shipped with a
// carrier and tracking (`Complete`), on a control call or by itself after a delay; or
// cancelled while still in progress. Each stage change is a callback.
import { randomInt } from "node:crypto";
import type { Timers } from "../timers.ts";
import { type Download, download, type Fetcher } from "./assets.ts";
import type { Callbacks } from "./callbacks.ts";
import { CARRIER, findProduct, SHIPPING_COST } from "./catalogue.ts";
import type { Order } from "./types.ts";
import type { OrderRequest } from "./validate.ts";

export interface OrderRecord {
  order: Order;
  downloads: Download[];
  /** The downloads and the first callback, under way after the order is accepted. */
  intake: Promise<void>;
  shipTimer?: NodeJS.Timeout;
}

export interface LabSettings {
  /** Ships an accepted order by itself this long after its files are in; otherwise only a control call does. */
  shipAfterMs: number | undefined;
  downloadTimeoutMs: number;
}

const gbp = (amount: number) => ({ amount: amount.toFixed(2), currency: "GBP" });

export class Orders {
  readonly records = new Map<string, OrderRecord>();
  private next = randomInt(800_000, 900_000);
  private readonly callbacks: Callbacks;
  private readonly timers: Timers;
  private readonly settings: LabSettings;
  private readonly source: () => string;

  constructor(callbacks: Callbacks, timers: Timers, settings: LabSettings, source: () => string) {
    this.callbacks = callbacks;
    this.timers = timers;
    this.settings = settings;
    this.source = source;
  }

  private id(prefix: string): string {
    return `${prefix}_${this.next++}`;
  }

  byIdempotencyKey(key: string | null): OrderRecord | undefined {
    if (key === null) return undefined;
    return [...this.records.values()].find((record) => record.order.idempotencyKey === key);
  }

  create(request: OrderRequest): OrderRecord {
    const now = new Date().toISOString();
    const order: Order = {
      id: this.id("ord"),
      created: now,
      lastUpdated: now,
      callbackUrl: request.callbackUrl,
      merchantReference: request.merchantReference,
      shippingMethod: request.shippingMethod,
      idempotencyKey: request.idempotencyKey,
      status: {
        stage: "InProgress",
        issues: [],
        details: {
          downloadAssets: "NotStarted",
          printReadyAssetsPrepared: "NotStarted",
          allocateProductionLocation: "NotStarted",
          inProduction: "NotStarted",
          shipping: "NotStarted",
        },
      },
      charges: [],
      shipments: [],
      recipient: request.recipient,
      items: request.items.map((item) => ({
        ...item,
        id: this.id("ori"),
        status: "NotYetDownloaded",
        assets: item.assets.map((asset) => ({
          id: this.id("ast"),
          printArea: asset.printArea,
          md5Hash: asset.md5Hash,
          url: asset.url,
          status: "InProgress",
        })),
      })),
      packingSlip: null,
      metadata: request.metadata,
    };
    const record: OrderRecord = { order, downloads: [], intake: Promise.resolve() };
    this.records.set(order.id, record);
    record.intake = this.takeIn(record);
    return record;
  }

  /**
   * Takes the files in again from what a test hands over (`files`, by each asset's URL), as if
   * the lab had downloaded them: for a site the lab cannot reach over the network (a worker
   * test's runs in-process). Only an order stopped by its downloads' issues.
   */
  async retakeFiles(
    record: OrderRecord,
    files: Map<string, { type: string; bytes: Uint8Array }>,
  ): Promise<void> {
    await record.intake;
    const { order } = record;
    if (order.status.stage !== "InProgress" || order.status.details.downloadAssets !== "Error") {
      throw new Error(`${order.id} is not waiting for its files`);
    }
    order.status.issues = [];
    record.intake = this.takeIn(record, async (url) => {
      const file = files.get(url);
      if (!file) throw new Error(`No file was handed over for ${url}`);
      return new Response(new Uint8Array(file.bytes), { headers: { "content-type": file.type } });
    });
    await record.intake;
  }

  /** Downloads every file, then charges the order, or puts an issue on it per unusable file. */
  private async takeIn(record: OrderRecord, fetcher?: Fetcher): Promise<void> {
    // The answer to the creation shows the order as accepted, before any work on it.
    await new Promise((resolve) => setImmediate(resolve));
    const { order } = record;
    order.status.details.downloadAssets = "InProgress";
    const assets = order.items.flatMap((item) => item.assets.map((asset) => ({ item, asset })));
    record.downloads = await Promise.all(
      assets.map(({ asset }) =>
        download(asset.id, asset.url, asset.md5Hash, this.settings.downloadTimeoutMs, fetcher),
      ),
    );
    if (order.status.stage !== "InProgress") return; // cancelled meanwhile
    for (const [index, { item, asset }] of assets.entries()) {
      const result = record.downloads[index] as Download;
      asset.status = result.ok ? "Complete" : "Error";
      // A file it could not use leaves the hash the order gave (a retake is checked against it).
      if (result.ok) asset.md5Hash = result.md5 ?? asset.md5Hash;
      item.status = item.assets.every((a) => a.status === "Complete") ? "Ok" : "Invalid";
      if (!result.ok) {
        order.status.issues.push({
          objectId: asset.id,
          errorCode: "order.items.assets.FailedToDownload",
          description: `${result.problem}: ${asset.url}`,
          authorisationDetails: null,
        });
      }
    }
    const details = order.status.details;
    if (order.status.issues.length > 0) {
      details.downloadAssets = "Error";
    } else {
      details.downloadAssets = "Complete";
      details.printReadyAssetsPrepared = "Complete";
      details.allocateProductionLocation = "Complete";
      details.inProduction = "InProgress";
      order.charges = [this.charge(order)];
      const after = this.settings.shipAfterMs;
      if (after !== undefined) record.shipTimer = this.timers.after(after, () => this.ship(record));
    }
    this.touch(order);
  }

  private charge(order: Order): Order["charges"][number] {
    const lines: Order["charges"][number]["items"] = order.items.map((item) => ({
      id: this.id("chi"),
      itemId: item.id,
      cost: gbp((findProduct(item.sku)?.cost ?? 0) * item.copies),
      shipmentId: null,
    }));
    const shipping = SHIPPING_COST[order.shippingMethod];
    lines.push({ id: this.id("chi"), itemId: null, cost: gbp(shipping), shipmentId: null });
    const total = lines.reduce((sum, line) => sum + Number(line.cost.amount), 0);
    return { id: this.id("chg"), prodigiInvoiceNumber: null, totalCost: gbp(total), items: lines };
  }

  /** Ships an order whose files are in: `Complete`, with a shipment and its tracking. */
  ship(record: OrderRecord): void {
    const { order } = record;
    if (order.status.stage !== "InProgress" || order.status.details.inProduction !== "InProgress") {
      throw new Error(
        order.status.issues.length > 0
          ? `${order.id} has issues and will not ship`
          : `${order.id} is ${order.status.stage} and cannot move on`,
      );
    }
    this.timers.cancel(record.shipTimer);
    const shipmentId = this.id("shp");
    const tracking = `TRK${this.next}${order.recipient.address.countryCode}`;
    order.shipments.push({
      id: shipmentId,
      dispatchDate: new Date().toISOString(),
      carrier: CARRIER[order.shippingMethod],
      fulfillmentLocation: { countryCode: "GB", labCode: "prodigi_gb1" },
      tracking: { number: tracking, url: `https://track.example/parcels/${tracking}` },
      items: order.items.map((item) => ({ itemId: item.id })),
      status: "Shipped",
    });
    for (const line of order.charges[0]?.items ?? []) line.shipmentId = shipmentId;
    order.status.details.inProduction = "Complete";
    order.status.details.shipping = "Complete";
    order.status.stage = "Complete";
    this.touch(order);
  }

  cancel(record: OrderRecord): boolean {
    const { order } = record;
    if (order.status.stage !== "InProgress" || order.status.details.inProduction === "Complete") {
      return false;
    }
    this.timers.cancel(record.shipTimer);
    order.status.stage = "Cancelled";
    this.touch(order);
    return true;
  }

  /** Records a change and calls the order's callback URL with the order as it now is. */
  private touch(order: Order): void {
    order.lastUpdated = new Date().toISOString();
    this.callbacks.send(order, this.source());
  }

  clear(): void {
    this.records.clear();
  }
}
