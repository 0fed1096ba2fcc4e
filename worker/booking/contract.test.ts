import { describe, expect, it } from "vitest";
import { type ContractFacts, fillContract } from "./contract.ts";

const facts: ContractFacts = {
  client: "Ana {price} Ruiz",
  email: "ana@example.com",
  session: "Portrait session",
  date: "Tuesday, 15 December 2026 at 10:00 (Europe/Madrid)",
  place: "Bilbao",
  price: "€250.00",
  deposit: "€75.00",
  balance: "€175.00",
  photographer: "Jane Doe",
  licence: "Personal (https://example.com/licensing)",
};

describe("a contract's template", () => {
  it("gets each fact it names, in one pass: what a client typed is never read as a fact's name", () => {
    expect(fillContract("{photographer} and {client}: {price}, {price}.", facts)).toBe(
      "Jane Doe and Ana {price} Ruiz: €250.00, €250.00.",
    );
  });

  it("keeps what is not a fact as it was written", () => {
    expect(fillContract("{time} {Client} {constructor} {toString} { client }", facts)).toBe(
      "{time} {Client} {constructor} {toString} { client }",
    );
  });
});
