import { describe, expect, it } from "vitest";
import { en } from "./i18n/catalogues/en.ts";
import { formatMessage } from "./i18n/format.ts";
import type { Phrase } from "./i18n/messages.ts";
import {
  checkField,
  checkInquiry,
  LIMITS,
  normalizeMessage,
  normalizeName,
  parsePhotoRef,
  photoRefOf,
} from "./inquiries.ts";

// The rules run in the worker (every POST) and in the browser (as the visitor types): these
// tests pin down what both sides say (in English here).

const say = (problem: Phrase | undefined) =>
  problem && formatMessage("en", en[problem.key], problem.values);

describe("the contact form's rules", () => {
  it("asks for every field, in the visitor's words", () => {
    expect(say(checkField("name", "  \n "))).toBe("Please enter your name.");
    expect(say(checkField("email", ""))).toBe(
      "Please enter your e-mail address, so that I can answer you.",
    );
    expect(say(checkField("subject", ""))).toBe("Please choose what your message is about.");
    expect(say(checkField("message", "\n\t"))).toBe("Please write your message.");
  });

  it.each(["ada@example.com", "ada.lovelace+prints@mail.example.co.uk", "jörg@bücher.example"])(
    "takes the address %j",
    (email) => {
      expect(checkField("email", email)).toBeUndefined();
    },
  );

  it.each([
    "ada",
    "ada@example",
    "ada@example.c",
    "ada @example.com",
    "ada@example.com\r\nBcc: x@example.com",
    "Ada <ada@example.com>",
    "a@example.com, b@example.com",
    `${"a".repeat(250)}@example.com`,
    // Invisible formatting: read as another address (backwards, or with a hidden character).
    "ana\u202emoc.knab\u202c@evil.com",
    "ana\u200b@example.com",
    "ana@example.com\u2066",
  ])("refuses the address %j", (email) => {
    expect(say(checkField("email", email))).toBe(
      "Please enter an e-mail address like name@example.com.",
    );
  });

  it("limits lengths as maxlength counts them", () => {
    expect(checkField("name", "n".repeat(LIMITS.name))).toBeUndefined();
    expect(say(checkField("name", "n".repeat(LIMITS.name + 1)))).toMatch(/shorten your name/);
    expect(checkField("message", "m".repeat(LIMITS.message))).toBeUndefined();
    expect(say(checkField("message", "m".repeat(LIMITS.message + 1)))).toBe(
      "Please shorten your message to 10,000 characters (it has 10,001).",
    );
  });

  it("keeps a name on one line and a message as written, minus control characters", () => {
    expect(normalizeName(" Ada\r\nBcc: x@example.com\t ")).toBe("Ada Bcc: x@example.com");
    // Nor invisible characters that would disguise it (an override, an isolate, a hidden space).
    expect(normalizeName("Ada \u202Eecnerefer\u202C\u200B \u2066x\u2069")).toBe("Ada ecnerefer x");
    expect(normalizeMessage("Hi\r\nthere\u0000\u0007<b>!</b>\r")).toBe("Hi\nthere<b>!</b>");
  });

  it("reads photo references strictly", () => {
    expect(parsePhotoRef("portfolio/b2i6")).toEqual({
      kind: "page",
      slug: "portfolio",
      key: "b2i6",
    });
    expect(parsePhotoRef("post/a-walk/cover")).toEqual({
      kind: "post",
      slug: "a-walk",
      key: "cover",
    });
    for (const bad of [
      "",
      "portfolio",
      "Portfolio/b2i6",
      "portfolio/b2i6/x",
      "post/b2i6",
      "../etc/passwd",
      "portfolio/b2 i6",
      "portfolio//b2i6",
      `${"a".repeat(97)}/k`,
      `portfolio/${"k".repeat(65)}`,
    ]) {
      expect(parsePhotoRef(bad), bad).toBeUndefined();
    }
    expect(photoRefOf({ kind: "post", slug: "a-walk", key: "cover" })).toBe("post/a-walk/cover");
  });

  it("checks a whole submission and hands back what is delivered", () => {
    const checked = checkInquiry({
      name: " Ada ",
      email: " ada@example.com ",
      subject: "print",
      message: "A print of this, please.\r\n",
      photo: "portfolio/b2i6",
    });
    expect(checked).toEqual({
      ok: true,
      inquiry: {
        name: "Ada",
        email: "ada@example.com",
        subject: "print",
        message: "A print of this, please.",
        photo: { kind: "page", slug: "portfolio", key: "b2i6" },
      },
    });
    const refused = checkInquiry({ name: "", email: "x", subject: "x", message: "", photo: "x" });
    expect(refused.ok).toBe(false);
    expect(Object.keys(refused.ok ? {} : refused.errors).sort()).toEqual([
      "email",
      "message",
      "name",
      "photo",
      "subject",
    ]);
  });
});
