import { describe, expect, it } from "vitest";
import { hoursOf, offerOf, sessionOf } from "./offer.ts";

const session = (price: number, deposit: number) => portrait({ price, deposit });

/** A one-hour portrait session of 250 with a deposit of 75, and `more`, as the Studio stores it. */
function portrait(more: Record<string, unknown>) {
  return sessionOf({
    slug: "portrait",
    title: "Portrait",
    durationMinutes: 60,
    price: 250,
    deposit: 75,
    ...more,
  });
}

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

  it("leaves out a balance Stripe cannot take, and makes a payment plan no payment of which is less", () => {
    // 0.30 left to pay before the shoot: no payment page could ever take it.
    expect(session(50.3, 50)).toBeUndefined();
    expect(session(50, 50)?.plan).toBe(1);
    // 1.20 in four would be 0.30 each: two payments of 0.60.
    expect(portrait({ price: 51.2, deposit: 50, instalments: 4 })?.plan).toBe(2);
    expect(portrait({ price: 50.7, deposit: 50, instalments: 3 })?.plan).toBe(1);
    expect(portrait({ instalments: 4 })?.plan).toBe(4);
  });

  it("makes a share of the price the deposit, to the cent, and reads the payment plan", () => {
    const shared = (price: number, depositPercent: number, more: object = {}) =>
      sessionOf({
        slug: "family",
        title: "Family",
        durationMinutes: 180,
        price,
        depositPercent,
        ...more,
      });
    expect(shared(600, 25)?.deposit).toBe(150);
    expect(shared(19.99, 33)?.deposit).toBe(6.6);
    // Half a cent rounds up, as a calculator does.
    expect(shared(128.17, 50)?.deposit).toBe(64.09);
    expect(shared(128.14, 25)?.deposit).toBe(32.04);
    // The share wins over an amount; one Stripe cannot take leaves the type out.
    expect(shared(600, 25, { deposit: 100 })?.deposit).toBe(150);
    expect(shared(1, 10)).toBeUndefined();
    expect(shared(600, 25, { instalments: 3 })?.plan).toBe(3);
    expect(shared(600, 25, { instalments: 6 })?.plan).toBe(1);
    expect(session(250, 75)?.plan).toBe(1);
  });

  it("has the contract of the page's language, the site language's where its translation is blank, and none past its limit", () => {
    const contracted = (contract: unknown, contractTranslation: unknown) =>
      portrait({ contract, contractTranslation });
    expect(contracted("Agreement", "Vertrag")?.contract).toBe("Vertrag");
    expect(contracted("Agreement", null)?.contract).toBe("Agreement");
    expect(contracted("Agreement", " \n ")?.contract).toBe("Agreement");
    expect(contracted(null, null)?.contract).toBe("");
    // Past the limit, in either: not offered, rather than offered with nothing to sign.
    expect(contracted("Agreement", "x".repeat(20_001))).toBeUndefined();
    expect(contracted("x".repeat(20_001), null)).toBeUndefined();
  });

  it("takes hours to midnight, written to 00:00, as ending with the day", () => {
    const hours = hoursOf({
      timeZone: "Europe/Madrid",
      weeklyHours: [
        { weekday: 6, from: "18:00", to: "00:00" },
        { weekday: 0, from: "10:00", to: "09:00" },
      ],
    });
    expect(hours?.weekly).toEqual([{ weekday: 6, from: "18:00", to: "24:00" }]);
  });

  it("has a share of the price as the deposit charged in the currency's own units, so price, deposit and balance add up", () => {
    const offer = (currency: string, price: number) =>
      offerOf({
        hours: {
          timeZone: "Asia/Tokyo",
          weeklyHours: [{ weekday: 2, from: "10:00", to: "18:00" }],
        },
        sessions: [
          { slug: "portrait", title: "Portrait", durationMinutes: 60, price, depositPercent: 50 },
        ],
        currency,
        tax: false,
      })?.sessions[0]?.deposit;
    // ¥25,005 at 50 %: ¥12,503 charged, ¥12,502 left; not 12,502.5 of each.
    expect(offer("jpy", 25_005)).toBe(12_503);
    expect(offer("eur", 128.17)).toBe(64.09);
    // Króna, counted in hundredths at Stripe, which takes no fraction of one.
    expect(offer("isk", 25_005)).toBe(12_503);
  });

  it("asks no payment less than Stripe's least in the currency: ¥50, not half a yen", () => {
    const offer = (price: number, depositPercent: number) =>
      offerOf({
        hours: {
          timeZone: "Asia/Tokyo",
          weeklyHours: [{ weekday: 2, from: "10:00", to: "18:00" }],
        },
        sessions: [
          {
            slug: "portrait",
            title: "Portrait",
            durationMinutes: 60,
            price,
            depositPercent,
            instalments: 4,
          },
        ],
        currency: "jpy",
        tax: false,
      })?.sessions[0];
    // ¥10,000, 99 % first: ¥100 left, in two payments of ¥50, not four of ¥25.
    expect(offer(10_000, 99)).toMatchObject({ deposit: 9_900, plan: 2 });
    // A deposit of ¥30 (1 % of ¥3,000): Stripe would refuse it.
    expect(offer(3_000, 1)).toBeUndefined();
    expect(offer(3_000, 10)).toMatchObject({ deposit: 300, plan: 4 });
  });

  it("is not offered with two questions of one id, whose answers would read as one", () => {
    const asking = (...ids: string[]) =>
      portrait({
        questionnaire: ids.map((id) => ({ id, label: "When?", kind: "date", required: true })),
      });
    expect(asking("day", "place")?.questions).toHaveLength(2);
    expect(asking("day", "day")).toBeUndefined();
  });
});
