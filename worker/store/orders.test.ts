import { describe, expect, it } from "vitest";
import { isValidDocumentId } from "../../demo/server/mutations.ts";
import { isOrderId, newOrderId } from "./orders.ts";
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
