/** A document as text-pdf.ts lays it out: a title, paragraphs, and a closing block in small print. */
export interface PdfText {
  title: string;
  /** Paragraphs apart by an empty line; a line break within one is kept. */
  text: string;
  /** The closing block (a contract's signature, an invoice's payment): its heading and lines. */
  closing: { heading: string; lines: string[] };
  /** The document's properties. */
  author: string;
  language: string;
  rtl: boolean;
  /** When it was made: the PDF's dates. */
  madeAt: Date;
}
