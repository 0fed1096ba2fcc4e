// Prodigi's Print API v4 objects as they travel (https://www.prodigi.com/print-api/docs/reference/):
// camelCase JSON, money as decimal strings with a currency, times as ISO strings.

export type ShippingMethod = "Budget" | "Standard" | "Express" | "Overnight";
export type Stage = "InProgress" | "Complete" | "Cancelled";
export type StepStatus = "NotStarted" | "InProgress" | "Complete" | "Error";

export interface Cost {
  amount: string;
  currency: string;
}

export interface Address {
  line1: string;
  line2: string | null;
  postalOrZipCode: string;
  countryCode: string;
  townOrCity: string;
  stateOrCounty: string | null;
}

export interface Recipient {
  name: string;
  email: string | null;
  phoneNumber: string | null;
  address: Address;
}

export interface Asset {
  id: string;
  printArea: string;
  md5Hash: string | null;
  url: string;
  status: "InProgress" | "Complete" | "Error";
}

export interface Item {
  id: string;
  status: "NotYetDownloaded" | "Ok" | "Invalid";
  merchantReference: string | null;
  sku: string;
  copies: number;
  sizing: "fillPrintArea" | "fitPrintArea" | "stretchToPrintArea";
  attributes: Record<string, string>;
  assets: Asset[];
}

export interface Issue {
  objectId: string;
  errorCode: string;
  description: string;
  authorisationDetails: null;
}

export interface Charge {
  id: string;
  prodigiInvoiceNumber: string | null;
  totalCost: Cost;
  items: { id: string; itemId: string | null; cost: Cost; shipmentId: string | null }[];
}

export interface Shipment {
  id: string;
  dispatchDate: string;
  carrier: { name: string; service: string };
  fulfillmentLocation: { countryCode: string; labCode: string };
  tracking: { number: string; url: string };
  items: { itemId: string }[];
  status: "Shipped";
}

export interface Order {
  id: string;
  created: string;
  lastUpdated: string;
  callbackUrl: string | null;
  merchantReference: string | null;
  shippingMethod: ShippingMethod;
  idempotencyKey: string | null;
  status: {
    stage: Stage;
    issues: Issue[];
    details: {
      downloadAssets: StepStatus;
      printReadyAssetsPrepared: StepStatus;
      allocateProductionLocation: StepStatus;
      inProduction: StepStatus;
      shipping: StepStatus;
    };
  };
  charges: Charge[];
  shipments: Shipment[];
  recipient: Recipient;
  items: Item[];
  packingSlip: null;
  metadata: Record<string, unknown> | null;
}

/** A field's refusal in a `ValidationFailed` answer, under the field's path. */
export interface Failure {
  code: string;
  providedValue: unknown;
  description: string;
}
