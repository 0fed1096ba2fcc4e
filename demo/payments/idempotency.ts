// Stripe's idempotent requests: the first answer to a POST with an `Idempotency-Key` is kept
// (successes and errors alike, once the endpoint started executing) and given again to any
// request with the same key, endpoint and parameters; the same key with other parameters or
// on another endpoint is a 400 idempotency_error, and one still being answered a 409. Keys
// live 24 hours, as on Stripe. (The SDK sends a key with every POST, so its own retries are
// idempotent.)
import { StripeError } from "./errors.ts";
import type { FormObject, FormValue } from "./form.ts";

export interface SavedAnswer {
  status: number;
  body: unknown;
}

interface Entry {
  endpoint: string;
  params: string;
  answer: SavedAnswer | undefined;
  at: number;
}

const LIFETIME_MS = 24 * 60 * 60 * 1000;

function canonical(value: FormValue): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key] as FormValue)}`).join(",")}}`;
}

export class IdempotencyKeys {
  private readonly entries = new Map<string, Entry>();

  clear(): void {
    this.entries.clear();
  }

  /**
   * Answers `handle()` under `key`: a saved answer when the key was used before for the same
   * request, otherwise whatever `handle` answers (saved unless it is a refusal of the
   * parameters).
   */
  async run(
    key: string,
    endpoint: string,
    params: FormObject,
    handle: () => Promise<SavedAnswer>,
  ): Promise<SavedAnswer & { replayed: boolean }> {
    if (key.length > 255) {
      throw new StripeError(
        400,
        "invalid_request_error",
        "Idempotency keys can be at most 255 characters long.",
      );
    }
    const time = Date.now();
    for (const [old, entry] of this.entries) {
      if (time - entry.at > LIFETIME_MS) this.entries.delete(old);
    }
    const text = canonical(params);
    const entry = this.entries.get(key);
    if (entry) {
      if (entry.endpoint !== endpoint) {
        throw new StripeError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${entry.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      if (entry.params !== text) {
        throw new StripeError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      if (entry.answer === undefined) {
        throw new StripeError(
          409,
          "idempotency_error",
          "There is currently another in-progress request using this Stripe API key and idempotency key. Please try again later.",
        );
      }
      return { ...entry.answer, replayed: true };
    }
    const fresh: Entry = { endpoint, params: text, answer: undefined, at: time };
    this.entries.set(key, fresh);
    try {
      fresh.answer = await handle();
      return { ...fresh.answer, replayed: false };
    } catch (error) {
      if (error instanceof StripeError && error.savedForIdempotency) {
        fresh.answer = { status: error.status, body: error.body };
        return { ...fresh.answer, replayed: false };
      }
      this.entries.delete(key);
      throw error;
    }
  }
}
