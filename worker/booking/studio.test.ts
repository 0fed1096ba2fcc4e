import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { portraitBooking } from "../../tests/worker/portrait-booking.ts";
import { loadConfig } from "../config/config.ts";
import { bookingFields } from "./studio.ts";

describe("a booking's copy in the Studio", () => {
  it("has every amount before tax, as the price is, and the tax paid beside it", () => {
    // €250, €75 deposited with €15 of tax; €175 left, €100 of it paid with €20 of tax.
    const booking = portraitBooking(Date.UTC(2027, 2, 30, 16), {
      paidAt: Date.UTC(2027, 0, 10),
      depositTax: 1_500,
      plan: 2,
      balancePayments: [{ n: 1, tax: 2_000, paidAt: Date.UTC(2027, 0, 20) }],
      balanceTax: 2_000,
    });
    const fields = bookingFields(loadConfig(env), booking, { questions: [], page: "/book" });
    expect([fields.price, fields.deposit, fields.balance]).toEqual([
      "€250.00",
      "€75.00 (+ €15.00 tax paid)",
      "€175.00 in 2 instalments, 1 paid (+ €20.00 tax paid)",
    ]);
  });
});
