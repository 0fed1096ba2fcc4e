import { describe, expect, it } from "vitest";
import { portraitBooking } from "../../tests/worker/portrait-booking.ts";
import { loadConfig } from "../config/config.ts";
import type { Booking } from "./bookings.ts";
import { instalmentsOf, owedOf } from "./instalments.ts";
import { reminderAt, remindersOf } from "./life.ts";
import { reminderEmail } from "./mail.ts";

const iso = (instant: number) => new Date(instant).toISOString().slice(0, 16);

/** A portrait session at `start`, its deposit of €75 of €250 paid. */
const booked = (start: number, more: Partial<Booking> = {}): Booking =>
  portraitBooking(start, { paidAt: Date.UTC(2027, 0, 10), ...more });

describe("a booking's reminders", () => {
  it("come at 10:00 on the client's clock, a week and a day before, across a change of clocks", () => {
    // 18:00 in Madrid on Tuesday 30 March 2027, two days after the clocks went forward.
    const start = Date.UTC(2027, 2, 30, 16);
    const madrid = "Europe/Madrid";
    expect(iso(reminderAt(start, madrid, madrid, 7))).toBe("2027-03-23T09:00"); // 10:00 CET
    expect(iso(reminderAt(start, madrid, madrid, 1))).toBe("2027-03-29T08:00"); // 10:00 CEST
    // A client in New York: their 10:00, the day before the shoot's date (12:00 there).
    expect(iso(reminderAt(start, madrid, "America/New_York", 1))).toBe("2027-03-29T14:00");
    const plan = remindersOf(
      booked(start, { clientZone: "America/New_York" }),
      Date.UTC(2027, 0, 10),
    );
    expect(plan.map(({ reminder, at }) => [reminder, iso(at)])).toEqual([
      ["week", "2027-03-23T14:00"],
      ["day", "2027-03-29T14:00"],
    ]);
  });

  it("count the days by the owner's date, which the e-mail writes, where the client's is another", () => {
    // 15:00 in Madrid on Tuesday 9 June 2026: 01:00 on Wednesday in Auckland.
    const start = Date.UTC(2026, 5, 9, 13);
    const plan = remindersOf(
      booked(start, { clientZone: "Pacific/Auckland" }),
      Date.UTC(2026, 4, 1),
    );
    // "Tomorrow, Tuesday 9 June" on Monday 8 June, and "in a week" on Tuesday 2 June, at 10:00
    // in Auckland (22:00 UTC the day before).
    expect(plan.map(({ reminder, at }) => [reminder, iso(at)])).toEqual([
      ["week", "2026-06-01T22:00"],
      ["day", "2026-06-07T22:00"],
    ]);
  });

  it("come on the owner's day before for a client many hours behind, not on the shoot's day", () => {
    // 09:00 in Auckland on Tuesday 9 June 2026 (21:00 UTC on the 8th), for a client in Los
    // Angeles: their 10:00 on Sunday the 7th is 05:00 on Monday the 8th in Auckland.
    const start = Date.UTC(2026, 5, 8, 21);
    expect(iso(reminderAt(start, "Pacific/Auckland", "America/Los_Angeles", 1))).toBe(
      "2026-06-07T17:00",
    );
    // A shoot at 05:00 in Auckland has its day's reminder too (it was after the start, dropped).
    const early = Date.UTC(2026, 5, 8, 17);
    const plan = remindersOf(
      booked(early, { timeZone: "Pacific/Auckland", clientZone: "America/Los_Angeles" }),
      Date.UTC(2026, 4, 1),
    );
    expect(plan.map(({ reminder, at }) => [reminder, iso(at)])).toEqual([
      ["week", "2026-06-01T17:00"],
      ["day", "2026-06-07T17:00"],
    ]);
  });

  it("skip what is past: booked three days ahead, only the day before; booked today, none", () => {
    const start = Date.UTC(2027, 2, 30, 16);
    expect(remindersOf(booked(start), start - 3 * 86_400_000).map((each) => each.reminder)).toEqual(
      ["day"],
    );
    expect(remindersOf(booked(start), start - 3_600_000)).toEqual([]);
  });

  it("of a payment plan: each instalment but the last on its day, at 10:00, unless paid", () => {
    // Booked on 10 January for 30 March, 18:00 in Madrid: €175 in three, due evenly until 23
    // March at 18:00 there, a week before as the owner's calendar counts it (the clocks change
    // between, on 28 March: 168 hours before would be 17:00).
    const start = Date.UTC(2027, 2, 30, 16);
    const plan = booked(start, { plan: 3 });
    expect(instalmentsOf(plan).map(({ n, amount, dueAt }) => [n, amount, iso(dueAt)])).toEqual([
      [1, 5_834, "2027-02-03T05:40"],
      [2, 5_833, "2027-02-27T11:20"],
      [3, 5_833, "2027-03-23T17:00"],
    ]);
    const dues = (booking: Booking) =>
      remindersOf(booking, Date.UTC(2027, 0, 10)).map((each) =>
        each.reminder === "instalment" ? [each.n, iso(each.at)] : [each.reminder, iso(each.at)],
      );
    expect(dues(plan)).toEqual([
      [1, "2027-02-03T09:00"],
      [2, "2027-02-27T09:00"],
      ["week", "2027-03-23T09:00"],
      ["day", "2027-03-29T08:00"],
    ]);
    // The first paid already: its reminder is not planned.
    const paid = { ...plan, balancePayments: [{ n: 1, tax: 0, paidAt: Date.UTC(2027, 0, 11) }] };
    expect(dues(paid).map(([what]) => what)).toEqual([2, "week", "day"]);
    expect(owedOf(paid)).toBe(11_666);
  });

  it("of a payment plan in a three-decimal currency: each an amount Stripe takes (whole hundredths)", () => {
    // 250.000 KWD, 75.000 deposited: 175.000 in three.
    const plan = booked(Date.UTC(2027, 2, 30, 16), {
      plan: 3,
      currency: "kwd",
      price: 250_000,
      deposit: 75_000,
    });
    expect(instalmentsOf(plan).map(({ amount }) => amount)).toEqual([58_340, 58_330, 58_330]);
  });

  it("ask for the balance while it is unpaid, in the client's language", () => {
    const start = Date.UTC(2027, 2, 30, 16);
    const context = {
      config: loadConfig({}),
      origin: "https://photos.example.com",
      siteTitle: "Jane Doe Photography",
      location: "Bilbao",
      url: "https://photos.example.com/book/held/x",
    };
    const owed = reminderEmail(booked(start), "week", context);
    expect(owed.to).toBe("ana@example.com");
    expect(owed.subject).toBe("In a week: Portrait session, Tuesday, 30 March 2027 at 18:00");
    expect(owed.text).toContain("The balance of €175.00 is paid before the shoot");
    expect(owed.text).toContain("Where: Bilbao");
    const paid = reminderEmail(
      booked(start, {
        balancePaidAt: start - 86_400_000,
        balancePayments: [{ n: 1, tax: 0, paidAt: start - 86_400_000 }],
      }),
      "day",
      context,
    );
    expect(paid.subject).toMatch(/^Tomorrow: /);
    expect(paid.text).not.toContain("balance");
    const german = reminderEmail(booked(start, { language: "de" }), "day", context);
    expect(german.subject).toContain("30. März 2027");
    expect(german.subject).not.toMatch(/^Tomorrow/);
  });
});
