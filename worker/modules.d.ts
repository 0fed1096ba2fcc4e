// Modules the worker imports whose types come from nowhere else.

/** A file Vite inlines as a `data:` address (base64), as the PDFs' font (booking/text-pdf.ts). */
declare module "*?inline" {
  const address: string;
  export default address;
}

/** bidi-js ships no types: the part of its API the PDFs use (booking/text-pdf.ts). */
declare module "bidi-js" {
  interface EmbeddingLevels {
    levels: Uint8Array;
    paragraphs: { start: number; end: number; level: number }[];
  }
  interface Bidi {
    getEmbeddingLevels(text: string, direction?: "ltr" | "rtl"): EmbeddingLevels;
    getReorderSegments(
      text: string,
      levels: EmbeddingLevels,
      start?: number,
      end?: number,
    ): [number, number][];
    getMirroredCharacter(char: string): string | null;
  }
  export default function bidiFactory(): Bidi;
}
