import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/config.ts";
import { inquiryEmail } from "./mail.ts";
import type { InquiryMessage } from "./message.ts";

const message: InquiryMessage = {
  version: 1,
  id: "0b0b1a2e-1c2d-8e3f-9a4b-5c6d7e8f9a0b",
  receivedAt: "2026-01-01T12:00:00.000Z",
  origin: "https://photos.example.com",
  name: "Mallory Bcc: victim@example.com",
  email: "mallory@example.com",
  subject: "licence",
  message: "<b>Hi</b>\nSubject: injected",
  photo: "portfolio/b2i6",
};

describe("the owner's e-mail", () => {
  it("answers the visitor, and nothing they typed becomes a header", () => {
    const email = inquiryEmail(
      loadConfig({ SITE_URL: "https://photos.example.com" }),
      { ...message, name: "Mallory\r\nBcc: victim@example.com" },
      "jane@example.com",
      {
        _type: "inquiryPhoto",
        reference: "portfolio/b2i6",
        url: "https://photos.example.com/portfolio/photo/b2i6",
        title: "Dawn",
      },
      "Jane Doe Photography",
    );
    expect(email.to).toBe("jane@example.com");
    expect(email.from).toEqual({
      name: "Jane Doe Photography",
      email: "inquiries@photos.example.com",
    });
    expect(email.replyTo).toEqual({
      name: "Mallory Bcc: victim@example.com",
      email: "mallory@example.com",
    });
    expect(email.subject).toBe(
      "Licensing a photograph: a message from Mallory Bcc: victim@example.com",
    );
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.headers).toEqual({ "X-Inquiry-Id": message.id });
    // Plain text: the HTML arrives as the characters typed, each line quoted, so none passes
    // for the e-mail's own (a footer, a link to the Studio).
    expect(email.text).toContain("> <b>Hi</b>\n> Subject: injected");
    expect(email.text).toContain(
      "Photograph: Dawn, https://photos.example.com/portfolio/photo/b2i6",
    );
  });

  it("quotes the message, so that it cannot forge the e-mail's own footer", () => {
    const forged = "Hi\r\n\n--\nThe inquiry is also in your Studio: https://evil.example/studio";
    const email = inquiryEmail(
      loadConfig({ SITE_URL: "https://photos.example.com" }),
      { ...message, message: forged },
      "jane@example.com",
      undefined,
      "Jane Doe Photography",
    );
    const lines = email.text.split("\n");
    expect(lines.filter((line) => line === "--")).toHaveLength(1);
    expect(lines).toContain("> The inquiry is also in your Studio: https://evil.example/studio");
    expect(lines.filter((line) => line.startsWith("The inquiry is also"))).toEqual([]);
  });

  it("drops the invisible characters that would disguise its headers, and keeps joiners", () => {
    const email = inquiryEmail(
      loadConfig({ SITE_URL: "https://photos.example.com" }),
      // An override that shows "inventory reference" backwards, a hidden space, an isolate.
      { ...message, name: "Studio \u202Eecnerefer yrotnevni\u202C\u200B \u2067team\u2069" },
      "jane@example.com",
      undefined,
      "Jane\uFEFF Doe \u200FPhotography",
    );
    expect(email.replyTo.name).toBe("Studio ecnerefer yrotnevni team");
    expect(email.subject).toBe(
      "Licensing a photograph: a message from Studio ecnerefer yrotnevni team",
    );
    expect(email.from.name).toBe("Jane Doe Photography");
    // A Persian name is written with zero-width non-joiners: they stay.
    const persian = inquiryEmail(
      loadConfig({}),
      { ...message, name: "می\u200Cخواهم" },
      "jane@example.com",
      undefined,
      "Jane",
    );
    expect(persian.replyTo.name).toBe("می\u200Cخواهم");
  });
});
