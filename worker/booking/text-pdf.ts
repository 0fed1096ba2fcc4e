/**
 * A text document (a signed contract, an invoice) as a PDF, made in the worker with pdf-lib
 * (pdfme's maintained fork) and DejaVu Sans, a free font that writes every language of the site
 * (Arabic too) and nearly every name a client has; only the letters used are embedded, so a
 * document is some 15 KB.
 * pdf-lib lays out one line at a time and shapes Arabic (fontkit) but does not order a line that
 * mixes directions, so each line is cut into runs of one direction by the Unicode bidirectional
 * algorithm (bidi-js) and the runs are set in their visual order.
 */
import fontkit, { type Font } from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "@pdfme/pdf-lib";
import bidiFactory from "bidi-js";
// Vite inlines the font as a data: address in this module's chunk, which is loaded only to make
// a PDF.
import dejaVuSans from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf?inline";
import { decodeBase64 } from "hono/utils/encode";
import type { PdfText } from "./pdf-text.ts";

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const WIDTH = A4.width - 2 * MARGIN;
const BODY = { size: 10.5, leading: 15 };
const SMALL = { size: 8.5, leading: 12 };
const TITLE = { size: 16, leading: 22 };
const INK = rgb(0.1, 0.1, 0.1);

const bidi = bidiFactory();
/** A letter of a right-to-left script (Hebrew, Arabic and their neighbours). */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/**
 * The font's bytes (from its data: address) and its letters' widths, read once per isolate.
 * Lines are cut by these widths, without shaping: fontkit's layout costs about a millisecond a
 * call, and a contract's words would need thousands.
 */
let face: { bytes: Uint8Array; font: Font; advances: Map<number, number> } | undefined;
function fontFace() {
  if (!face) {
    const bytes = decodeBase64(dejaVuSans.slice(dejaVuSans.indexOf(",") + 1));
    face = { bytes, font: fontkit.create(bytes), advances: new Map() };
  }
  return face;
}

/** A text's width at `size` by its letters' advances. */
function widthOf(text: string, size: number): number {
  const { font, advances } = fontFace();
  let units = 0;
  for (const letter of text) {
    const code = letter.codePointAt(0) ?? 0;
    let advance = advances.get(code);
    if (advance === undefined) {
      advance = font.glyphForCodePoint(code).advanceWidth;
      advances.set(code, advance);
    }
    units += advance;
  }
  return (units * size) / font.unitsPerEm;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Greedy lines of `text` no wider than the page, cut between words (a word longer than a line, between letters). */
function wrap(text: string, size: number): string[] {
  const lines: string[] = [];
  const fits = (line: string) => widthOf(line, size) <= WIDTH;
  let line = "";
  for (const word of text.split(/ +/)) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    // Between characters as a reader sees them: never inside an emoji or a letter and its accent.
    let rest = [...graphemes.segment(word)].map((each) => each.segment);
    while (!fits(rest.join(""))) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut).join(""))) cut--;
      lines.push(rest.slice(0, cut).join(""));
      rest = rest.slice(cut);
    }
    line = rest.join("");
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * A line's runs in the order they are seen, each as fontkit wants it: a run with right-to-left
 * letters in its own (logical) order, which fontkit shapes and turns; any other run as seen.
 */
function visualRuns(line: string, rtl: boolean): string[] {
  const levels = bidi.getEmbeddingLevels(line, rtl ? "rtl" : "ltr");
  // Code units, as bidi-js counts (DejaVu's letters all sit in the Basic Multilingual Plane).
  const order = Array.from({ length: line.length }, (_, index) => index);
  for (const [start, end] of bidi.getReorderSegments(line, levels)) {
    order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
  }
  const runs: { odd: boolean; indices: number[] }[] = [];
  for (const index of order) {
    const odd = (levels.levels[index] ?? 0) % 2 === 1;
    const last = runs.at(-1);
    if (last && last.odd === odd) last.indices.push(index);
    else runs.push({ odd, indices: [index] });
  }
  return runs.map(({ odd, indices }) => {
    // Right to left, a bracket is drawn facing the other way: "(" as ")".
    const char = (index: number) => {
      const each = line[index] ?? "";
      return odd ? (bidi.getMirroredCharacter(each) ?? each) : each;
    };
    const seen = indices.map(char).join("");
    const logical = odd ? [...indices].reverse().map(char).join("") : seen;
    return odd && RTL_LETTER.test(logical) ? logical : seen;
  });
}

/** Writes lines down the pages, a new page when one is full. */
function writer(doc: PDFDocument, font: PDFFont, rtl: boolean) {
  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const write = (text: string, { size, leading }: { size: number; leading: number }) => {
    for (const line of wrap(text, size)) {
      if (y - leading < MARGIN) {
        page = doc.addPage([A4.width, A4.height]);
        y = A4.height - MARGIN;
      }
      y -= leading;
      const runs = visualRuns(line, rtl);
      // Shaped right-to-left letters are as wide as fontkit lays them out; any other's width is
      // its letters' advances.
      const widths = runs.map((run) =>
        RTL_LETTER.test(run) ? font.widthOfTextAtSize(run, size) : widthOf(run, size),
      );
      let x = rtl ? MARGIN + WIDTH - widths.reduce((sum, width) => sum + width, 0) : MARGIN;
      runs.forEach((run, index) => {
        page.drawText(run, { x, y, size, font, color: INK });
        x += widths[index] ?? 0;
      });
    }
  };
  const gap = (points: number) => {
    y -= points;
  };
  return { write, gap };
}

/** The contract's PDF, its bytes. */
export async function textPdf(document: PdfText): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(fontFace().bytes, { subset: true });
  doc.setTitle(document.title, { showInWindowTitleBar: true });
  doc.setAuthor(document.author);
  doc.setLanguage(document.language);
  doc.setCreationDate(document.madeAt);
  doc.setModificationDate(document.madeAt);
  const { write, gap } = writer(doc, font, document.rtl);
  write(document.title, TITLE);
  gap(BODY.leading);
  for (const paragraph of document.text.split(/\n\s*\n/)) {
    for (const line of paragraph.split("\n")) write(line.trim(), BODY);
    gap(BODY.leading / 2);
  }
  gap(BODY.leading);
  write(document.closing.heading, { size: 12, leading: 18 });
  for (const line of document.closing.lines) write(line, SMALL);
  // Its own buffer, as Web Crypto and R2 take it.
  return new Uint8Array(await doc.save());
}
