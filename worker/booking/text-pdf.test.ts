import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { textPdf } from "./text-pdf.ts";

const textOf = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;

describe("a text laid out as a PDF", () => {
  it("cuts a word longer than a line between its characters, never inside one", async () => {
    const word = "😀é".repeat(60);
    const pdf = await textPdf({
      title: "Contract",
      text: word,
      closing: { heading: "Signed", lines: [] },
      author: "Jane",
      language: "en",
      rtl: false,
      madeAt: new Date("2026-12-07T10:00:00Z"),
    });
    expect((await textOf(pdf)).replace(/\s+/g, "")).toContain(word);
  });
});
