import { describe, expect, it } from "vitest";
import { isValidDocumentId } from "../../demo/server/mutations.ts";
import { isOrderId, newOrderId, orderReference } from "./orders.ts";
import { orderDocumentId } from "./studio.ts";

describe("a new order's id", () => {
  it("is an order id whose Studio copy has an id Sanity takes, every time", () => {
    // A 64th of random ids would start with a dash; 4,000 of them would almost surely show one.
    const ids = Array.from({ length: 4000 }, newOrderId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(isOrderId(id), id).toBe(true);
      expect(isValidDocumentId(orderDocumentId(id)), id).toBe(true);
    }
  });
});

describe("an order's reference", () => {
  it("is eight capitals and digits, whatever punctuation the id starts or ends with", () => {
    expect(orderReference("__3MWV4Fq-_kd9Xc2Lp0aZ7yT1nB5hG8")).toBe("3MWV4FQK");
    expect(orderReference("a-b_c-d_e-f_g-h_iJKLMNOPQRSTUVWX")).toBe("ABCDEFGH");
    for (const id of Array.from({ length: 1000 }, newOrderId)) {
      expect(orderReference(id), id).toMatch(/^[A-Z0-9]{8}$/);
    }
  });
});
