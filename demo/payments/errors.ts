// Stripe's error answers: `{error: {type, code, message, param, doc_url}}` with the status the
// SDK turns into its error classes (400 and 404 StripeInvalidRequestError or, for
// `idempotency_error`, StripeIdempotencyError; 401 StripeAuthenticationError; 402
// StripeCardError).
import { HttpError } from "../server/http.ts";

export type StripeErrorType =
  | "api_error"
  | "card_error"
  | "idempotency_error"
  | "invalid_request_error";

export interface StripeErrorFields {
  code?: string;
  param?: string;
  decline_code?: string;
}

export class StripeError extends HttpError {
  readonly type: StripeErrorType;
  readonly fields: StripeErrorFields;

  constructor(
    status: number,
    type: StripeErrorType,
    message: string,
    fields: StripeErrorFields = {},
  ) {
    const { code } = fields;
    super(status, {
      error: {
        type,
        message,
        ...fields,
        ...(code
          ? { doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll("_", "-")}` }
          : {}),
      },
    });
    this.message = message;
    this.type = type;
    this.fields = fields;
  }

  /**
   * Stripe keeps the answer to an idempotency key only once the endpoint started executing:
   * a request refused for its parameters may be retried with the same key.
   */
  get savedForIdempotency(): boolean {
    return !this.fields.code?.startsWith("parameter_");
  }
}

export function invalidRequest(message: string, fields: StripeErrorFields = {}): StripeError {
  return new StripeError(400, "invalid_request_error", message, fields);
}

/** `No such checkout.session: 'cs_test_…'`, as Stripe names an unknown id. */
export function noSuch(kind: string, id: string, param: string): StripeError {
  return new StripeError(404, "invalid_request_error", `No such ${kind}: '${id}'`, {
    code: "resource_missing",
    param,
  });
}
