import { describe, expect, it } from "vitest";
import { sessionOf } from "./offer.ts";

const session = (price: number, deposit: number) =>
  sessionOf({ slug: "portrait", title: "Portrait", durationMinutes: 60, price, deposit });

describe("a session type as the Studio stores it", () => {
  it("takes prices in cents, whatever floating point makes of them, and no finer", () => {
    expect(session(19.99, 5.99)?.price).toBe(19.99);
    expect(session(250, 0.58)?.deposit).toBe(0.58);
    expect(session(19.999, 5)).toBeUndefined();
  });

  it("leaves out a deposit Stripe cannot take, or one above the price", () => {
    expect(session(250, 0.4)).toBeUndefined();
    expect(session(250, 260)).toBeUndefined();
  });
});
