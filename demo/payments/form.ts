// Stripe's request encoding, read the way Stripe reads it: form fields with nested keys
// (`line_items[0][price_data][currency]=eur`, `expand[]=line_items`, brackets raw or
// percent-encoded), in a POST body or, for GET, in the query string. Objects whose keys are
// all indices become arrays, in index order.
import { invalidRequest } from "./errors.ts";

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match?.[1]) throw invalidRequest(`Invalid parameter name: ${key}`);
    const path = [match[1], ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])];
    assign(root, path as string[], value, key);
  }
  return toArrays(root) as FormObject;
}

function assign(root: FormObject, path: string[], value: string, key: string): void {
  let node = root;
  for (const [index, raw] of path.entries()) {
    // `a[]` appends: the next free index of this level.
    const segment = raw === "" ? String(Object.keys(node).length) : raw;
    if (index === path.length - 1) {
      if (segment in node) throw invalidRequest(`Duplicate parameter: ${key}`);
      node[segment] = value;
      return;
    }
    const next = node[segment] ?? {};
    if (typeof next === "string" || Array.isArray(next)) {
      throw invalidRequest(`Invalid parameter: ${key} mixes a value and nested keys`);
    }
    node[segment] = next;
    node = next;
  }
}

function toArrays(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, toArrays(value[key] as FormValue)]));
  if (keys.length === 0 || !keys.every((key) => /^\d+$/.test(key))) return converted;
  return keys
    .map(Number)
    .sort((a, b) => a - b)
    .map((index) => converted[String(index)] as FormValue);
}

/**
 * A typed view of one level of parameters that names each one as Stripe does in its errors
 * (`line_items[0][price_data][currency]`).
 */
export class Params {
  readonly value: FormObject;
  readonly prefix: string;

  constructor(value: FormObject, prefix = "") {
    this.value = value;
    this.prefix = prefix;
  }

  name(key: string): string {
    return this.prefix === "" ? key : `${this.prefix}[${key}]`;
  }

  has(key: string): boolean {
    return key in this.value;
  }

  /**
   * Refuses parameters the endpoint does not take, as Stripe does, and those Stripe takes but
   * the stand-in does not implement (answering as if it did would mislead the integration).
   */
  only(implemented: readonly string[], known: readonly string[] = implemented): this {
    for (const key of Object.keys(this.value)) {
      if (implemented.includes(key)) continue;
      const param = this.name(key);
      if (known.includes(key)) {
        throw invalidRequest(`The payments stand-in does not implement ${param}.`, { param });
      }
      throw invalidRequest(`Received unknown parameter: ${param}`, {
        code: "parameter_unknown",
        param,
      });
    }
    return this;
  }

  string(key: string): string | undefined {
    const value = this.value[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") {
      throw invalidRequest(`Invalid string: ${this.name(key)} must be a string`, {
        code: "parameter_invalid_string",
        param: this.name(key),
      });
    }
    return value;
  }

  required(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === "") throw missing(this.name(key));
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${allowed.join(", ")}`, {
        param: this.name(key),
      });
    }
    return value as T;
  }

  integer(key: string, { min = Number.MIN_SAFE_INTEGER } = {}): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    const number = Number(value);
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(number)) {
      throw invalidRequest(`Invalid integer: ${value}`, {
        code: "parameter_invalid_integer",
        param: this.name(key),
      });
    }
    if (number < min) {
      throw invalidRequest(`This value must be greater than or equal to ${min}.`, {
        code: "parameter_invalid_integer",
        param: this.name(key),
      });
    }
    return number;
  }

  /** A number that may have decimals (`percent_off=12.5`). */
  decimal(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+(\.\d+)?$/.test(value)) {
      throw invalidRequest(`Invalid decimal: ${value}`, { param: this.name(key) });
    }
    return Number(value);
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== "true" && value !== "false") {
      throw invalidRequest(`Invalid boolean: ${value}`, { param: this.name(key) });
    }
    return value === "true";
  }

  object(key: string): Params | undefined {
    const value = this.value[key];
    if (value === undefined || value === "") return undefined;
    if (typeof value === "string" || Array.isArray(value)) {
      throw invalidRequest(`Invalid object: ${this.name(key)} must be a hash`, {
        param: this.name(key),
      });
    }
    return new Params(value, this.name(key));
  }

  /** An array of hashes (`line_items[0][…]`). */
  objects(key: string): Params[] {
    const value = this.value[key];
    if (value === undefined || value === "") return [];
    if (!Array.isArray(value)) {
      throw invalidRequest(`Invalid array: ${this.name(key)} must be an array`, {
        param: this.name(key),
      });
    }
    return value.map((item, index) => {
      const name = `${this.name(key)}[${index}]`;
      if (typeof item === "string" || Array.isArray(item)) {
        throw invalidRequest(`Invalid object: ${name} must be a hash`, { param: name });
      }
      return new Params(item, name);
    });
  }

  /** An array of strings (`expand[]=…`, `images[0]=…`). */
  strings(key: string): string[] {
    const value = this.value[key];
    if (value === undefined || value === "") return [];
    if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
      throw invalidRequest(`Invalid array: ${this.name(key)} must be an array of strings`, {
        param: this.name(key),
      });
    }
    return value as string[];
  }

  /** Metadata: at most 50 keys of 40 characters, values of at most 500 (Stripe's limits). */
  metadata(key: string): Record<string, string> {
    const params = this.object(key);
    if (params === undefined) return {};
    const entries = Object.keys(params.value).map((name) => [name, params.string(name) ?? ""]);
    if (entries.length > 50) {
      throw invalidRequest("Metadata can have at most 50 keys.", { param: this.name(key) });
    }
    for (const [name = "", value = ""] of entries) {
      if (name.length > 40 || value.length > 500) {
        throw invalidRequest(
          "Metadata keys can be at most 40 characters long and values at most 500 characters.",
          { param: params.name(name) },
        );
      }
    }
    // An empty value unsets a key; on a new object that is no key at all.
    return Object.fromEntries(entries.filter(([, value]) => value !== ""));
  }

  /**
   * Metadata on an update, as Stripe merges it: given keys are set, a key given empty is
   * unset, and `metadata=` (empty) unsets them all.
   */
  metadataUpdate(key: string, current: Record<string, string>): Record<string, string> {
    if (!this.has(key)) return current;
    if (this.value[key] === "") return {};
    const given = this.object(key);
    this.metadata(key); // the limits, on what is given
    const merged = { ...current };
    for (const [name, value] of Object.entries(given?.value ?? {})) {
      if (value === "") delete merged[name];
      else merged[name] = value as string;
    }
    if (Object.keys(merged).length > 50) {
      throw invalidRequest("Metadata can have at most 50 keys.", { param: this.name(key) });
    }
    return merged;
  }
}

export function missing(param: string) {
  return invalidRequest(`Missing required param: ${param}.`, {
    code: "parameter_missing",
    param,
  });
}
