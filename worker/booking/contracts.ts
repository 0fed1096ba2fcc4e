/**
 * Signed contracts: the PDF in R2 (CONTRACTS), its record in D1 (migrations/0007_contracts.sql)
 * with the signature's audit trail and the PDF's SHA-256, which every read checks, so the file
 * handed out is byte for byte the one signed.
 */
import { sha256Hex } from "../lib/signing.ts";
import type { Terms } from "./bookings.ts";
import type { Signature } from "./contract.ts";

export interface SignedContract extends Signature {
  booking: string;
  object: string;
  pdfSha256: string;
  language: string;
  /**
   * What it promised: its text as read and its amounts, which stand whatever the offer says
   * later (undefined for a contract signed before they were kept).
   */
  text: string | undefined;
  terms: Terms | undefined;
}

type Row = Record<string, unknown>;

const contractOf = (row: Row): SignedContract => ({
  booking: String(row.booking),
  object: String(row.object),
  pdfSha256: String(row.pdf_sha256),
  textSha256: String(row.text_sha256),
  name: String(row.signed_name),
  email: String(row.email),
  signedAt: Number(row.signed_at),
  addressHash: String(row.address_hash),
  userAgent: String(row.user_agent),
  language: String(row.language),
  text: typeof row.text === "string" ? row.text : undefined,
  terms:
    typeof row.price === "number" && typeof row.deposit === "number"
      ? { currency: String(row.currency), price: row.price, deposit: row.deposit }
      : undefined,
});

export function contractRecords(db: D1Database, bucket: R2Bucket) {
  return {
    async get(booking: string): Promise<SignedContract | undefined> {
      const row = await db
        .prepare("SELECT * FROM contracts WHERE booking = ?")
        .bind(booking)
        .first<Row>();
      return row ? contractOf(row) : undefined;
    },

    /**
     * Keeps a signed contract: its PDF, then its record. False when the booking already has a
     * record (the first signature stands; this PDF is dropped).
     */
    async keep(
      contract: Omit<SignedContract, "object" | "pdfSha256">,
      pdf: Uint8Array<ArrayBuffer>,
    ): Promise<SignedContract | undefined> {
      const pdfSha256 = await sha256Hex(pdf);
      const object = `contracts/${contract.booking}/${pdfSha256}.pdf`;
      // R2 checks the bytes it received against the hash before it keeps them.
      await bucket.put(object, pdf, {
        sha256: pdfSha256,
        httpMetadata: { contentType: "application/pdf" },
      });
      const result = await db
        .prepare(
          `INSERT INTO contracts (booking, object, pdf_sha256, text_sha256, signed_name, email,
            signed_at, address_hash, user_agent, language, text, currency, price, deposit)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (booking) DO NOTHING`,
        )
        .bind(
          contract.booking,
          object,
          pdfSha256,
          contract.textSha256,
          contract.name,
          contract.email,
          contract.signedAt,
          contract.addressHash,
          contract.userAgent,
          contract.language,
          contract.text ?? null,
          contract.terms?.currency ?? null,
          contract.terms?.price ?? null,
          contract.terms?.deposit ?? null,
        )
        .run();
      if (result.meta.changes === 1) return { ...contract, object, pdfSha256 };
      // Signed already: this file goes, unless it is that signature's own (the same bytes).
      const kept = await db
        .prepare("SELECT object FROM contracts WHERE booking = ?")
        .bind(contract.booking)
        .first<{ object: string }>();
      if (kept?.object !== object) await bucket.delete(object);
      return undefined;
    },

    /** Undoes `keep` for a signature the calendar refused (the hold lapsed or changed). */
    async drop(contract: SignedContract): Promise<void> {
      await db
        .prepare("DELETE FROM contracts WHERE booking = ? AND pdf_sha256 = ?")
        .bind(contract.booking, contract.pdfSha256)
        .run();
      await bucket.delete(contract.object);
    },

    /**
     * The signed PDF's bytes; "altered" when the stored file is not the one signed (its hash
     * differs), undefined when it is missing.
     */
    async pdf(contract: SignedContract): Promise<Uint8Array<ArrayBuffer> | "altered" | undefined> {
      const object = await bucket.get(contract.object);
      if (!object) return undefined;
      const bytes = new Uint8Array(await object.arrayBuffer());
      return (await sha256Hex(bytes)) === contract.pdfSha256 ? bytes : "altered";
    },
  };
}

export type ContractRecords = ReturnType<typeof contractRecords>;
