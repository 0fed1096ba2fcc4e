import { describe, expect, it } from "vitest";
import { mailboxOf } from "./mail.ts";

describe("mailboxOf", () => {
  it("takes an address to the mailbox it reaches: no case, no +tag, no dots at Gmail", () => {
    expect(mailboxOf(" Ann+Shop@Example.org ")).toBe("ann@example.org");
    expect(mailboxOf("ann.lee+a+b@gmail.com")).toBe("annlee@gmail.com");
    expect(mailboxOf("Ann.Lee@GoogleMail.com")).toBe("annlee@gmail.com");
    // Dots are part of the name elsewhere.
    expect(mailboxOf("ann.lee@example.org")).toBe("ann.lee@example.org");
  });

  it("leaves what is no usual address as it is, in lower case", () => {
    expect(mailboxOf("+tag@example.org")).toBe("+tag@example.org");
    expect(mailboxOf("NoAt")).toBe("noat");
    expect(mailboxOf("a@b@Example.org")).toBe("a@b@example.org");
  });
});
