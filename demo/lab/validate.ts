// Checks an order request as Prodigi does before accepting it, collecting every refusal under
// the field's path (`recipient.address.postalOrZipCode`, `items[0].sku`), for a 400
// `ValidationFailed` answer. Prodigi's own codes are used where its answers show them
// (MustNotBeEmptyOrWhitespace); the others are the stand-in's.
import { findProduct } from "./catalogue.ts";
import type { Failure, Item, Recipient, ShippingMethod } from "./types.ts";

export interface ItemRequest extends Omit<Item, "id" | "status" | "assets"> {
  assets: { printArea: string; url: string; md5Hash: string | null }[];
}

export interface OrderRequest {
  merchantReference: string | null;
  shippingMethod: ShippingMethod;
  idempotencyKey: string | null;
  callbackUrl: string | null;
  recipient: Recipient;
  items: ItemRequest[];
  metadata: Record<string, unknown> | null;
}

const METHODS: readonly ShippingMethod[] = ["Budget", "Standard", "Express", "Overnight"];
const SIZINGS = ["fillPrintArea", "fitPrintArea", "stretchToPrintArea"] as const;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

class Checker {
  readonly failures: Record<string, Failure[]> = {};

  fail(path: string, code: string, providedValue: unknown, description: string): void {
    this.failures[path] = [...(this.failures[path] ?? []), { code, providedValue, description }];
  }

  text(from: Json, key: string, path: string, required: boolean): string | null {
    const value = from[key];
    if (
      value === undefined ||
      value === null ||
      (typeof value === "string" && value.trim() === "")
    ) {
      if (required)
        this.fail(path, "MustNotBeEmptyOrWhitespace", value ?? null, `${key} is required`);
      return null;
    }
    if (typeof value !== "string") {
      this.fail(path, "MustBeAString", value, `${key} must be a string`);
      return null;
    }
    return value;
  }

  url(from: Json, key: string, path: string, required: boolean): string | null {
    const value = this.text(from, key, path, required);
    if (value !== null && !(URL.canParse(value) && /^https?:/i.test(value))) {
      this.fail(path, "MustBeAValidUrl", value, `${key} must be an absolute http(s) URL`);
      return null;
    }
    return value;
  }

  object(from: Json, key: string, path: string): Json {
    const value = from[key];
    if (!isObject(value)) this.fail(path, "MustNotBeNull", value ?? null, `${key} is required`);
    return isObject(value) ? value : {};
  }

  oneOf<T extends string>(value: string | null, allowed: readonly T[], path: string): T {
    const found = allowed.find((option) => option.toLowerCase() === value?.toLowerCase());
    if (value !== null && !found) {
      this.fail(path, "ValueNotPermitted", value, `Valid values are: ${allowed.join(", ")}`);
    }
    return found ?? (allowed[0] as T);
  }
}

function item(check: Checker, raw: unknown, path: string): ItemRequest {
  const from = isObject(raw) ? raw : {};
  if (!isObject(raw)) check.fail(path, "MustNotBeNull", raw ?? null, "An item must be an object");
  const sku = check.text(from, "sku", `${path}.sku`, true) ?? "";
  const product = sku ? findProduct(sku) : undefined;
  if (sku && !product) {
    check.fail(`${path}.sku`, "SkuNotFound", sku, `The SKU ${sku} is not in the lab's catalogue`);
  }
  const copies = from.copies ?? 1;
  if (!Number.isInteger(copies) || (copies as number) < 1) {
    check.fail(
      `${path}.copies`,
      "MustBeGreaterThanZero",
      copies,
      "copies must be a whole number above 0",
    );
  }
  const sizing = check.oneOf(
    check.text(from, "sizing", `${path}.sizing`, false),
    SIZINGS,
    `${path}.sizing`,
  );
  const attributes: Record<string, string> = {};
  const given = from.attributes ?? {};
  if (!isObject(given))
    check.fail(`${path}.attributes`, "MustBeAnObject", given, "attributes must be an object");
  for (const [name, value] of Object.entries(isObject(given) ? given : {})) {
    const allowed = product?.attributes[name];
    if (product && (!allowed || typeof value !== "string" || !allowed.includes(value))) {
      check.fail(
        `${path}.attributes.${name}`,
        "ValueNotPermitted",
        value,
        allowed
          ? `Valid values are: ${allowed.join(", ")}`
          : `${product.sku} has no attribute ${name}`,
      );
    } else if (typeof value === "string") {
      attributes[name] = value;
    }
  }
  for (const name of Object.keys(product?.attributes ?? {})) {
    if (!(name in attributes) && !check.failures[`${path}.attributes.${name}`]) {
      check.fail(
        `${path}.attributes.${name}`,
        "MustNotBeEmptyOrWhitespace",
        null,
        `${name} is required`,
      );
    }
  }
  const assets = Array.isArray(from.assets) ? from.assets : [];
  if (assets.length === 0)
    check.fail(`${path}.assets`, "MustNotBeEmpty", from.assets ?? null, "An item needs an asset");
  return {
    merchantReference: check.text(from, "merchantReference", `${path}.merchantReference`, false),
    sku,
    copies: Number.isInteger(copies) ? (copies as number) : 1,
    sizing,
    attributes,
    assets: assets.map((asset: unknown, index) => {
      const at = `${path}.assets[${index}]`;
      const fields = isObject(asset) ? asset : {};
      return {
        printArea: check.text(fields, "printArea", `${at}.printArea`, false) ?? "default",
        url: check.url(fields, "url", `${at}.url`, true) ?? "",
        md5Hash: check.text(fields, "md5Hash", `${at}.md5Hash`, false),
      };
    }),
  };
}

export function validateOrder(
  body: unknown,
): { order: OrderRequest } | { failures: Record<string, Failure[]> } {
  const check = new Checker();
  const from = isObject(body) ? body : {};
  if (!isObject(body))
    check.fail("", "MustNotBeNull", body ?? null, "The body must be an order object");
  const recipient = check.object(from, "recipient", "recipient");
  const address = check.object(recipient, "address", "recipient.address");
  const country = check.text(address, "countryCode", "recipient.address.countryCode", true);
  if (country !== null && !/^[A-Za-z]{2}$/.test(country)) {
    check.fail(
      "recipient.address.countryCode",
      "MustBeAValidCountryCode",
      country,
      "Use an ISO 3166-1 alpha-2 code",
    );
  }
  const items = Array.isArray(from.items) ? from.items : [];
  if (items.length === 0)
    check.fail("items", "MustNotBeEmpty", from.items ?? null, "An order needs an item");
  const metadata = from.metadata ?? null;
  if (metadata !== null && !isObject(metadata)) {
    check.fail("metadata", "MustBeAnObject", metadata, "metadata must be an object");
  }
  const order: OrderRequest = {
    merchantReference: check.text(from, "merchantReference", "merchantReference", false),
    shippingMethod: check.oneOf(
      check.text(from, "shippingMethod", "shippingMethod", true),
      METHODS,
      "shippingMethod",
    ),
    idempotencyKey: check.text(from, "idempotencyKey", "idempotencyKey", false),
    callbackUrl: check.url(from, "callbackUrl", "callbackUrl", false),
    recipient: {
      name: check.text(recipient, "name", "recipient.name", true) ?? "",
      email: check.text(recipient, "email", "recipient.email", false),
      phoneNumber: check.text(recipient, "phoneNumber", "recipient.phoneNumber", false),
      address: {
        line1: check.text(address, "line1", "recipient.address.line1", true) ?? "",
        line2: check.text(address, "line2", "recipient.address.line2", false),
        postalOrZipCode:
          check.text(address, "postalOrZipCode", "recipient.address.postalOrZipCode", true) ?? "",
        countryCode: (country ?? "").toUpperCase(),
        townOrCity: check.text(address, "townOrCity", "recipient.address.townOrCity", true) ?? "",
        stateOrCounty: check.text(
          address,
          "stateOrCounty",
          "recipient.address.stateOrCounty",
          false,
        ),
      },
    },
    items: items.map((raw: unknown, index) => item(check, raw, `items[${index}]`)),
    metadata: isObject(metadata) ? metadata : null,
  };
  return Object.keys(check.failures).length > 0 ? { failures: check.failures } : { order };
}
