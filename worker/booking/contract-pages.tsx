/**
 * Signing the contract of a held time (`POST /book/held/{id}/sign`) and its signed PDF
 * (`GET /book/held/{id}/contract.pdf`). The PDF is made once, when the client signs, and never
 * again: what is served is the stored file, after its SHA-256 is checked against the record.
 */
import type { Handler } from "hono";
import { type Phrase, phrase } from "../../shared/i18n/messages.ts";
import { PageError, pageNotFound } from "../errors/page-error.ts";
import { errorText, log } from "../lib/log.ts";
import { keyedHex, sha256Hex } from "../lib/signing.ts";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor, localPath, siteSettingsFor } from "../request/context.ts";
import { formOf } from "../store/index.ts";
import { type Signature, signedContract } from "./contract.ts";
import { contractText } from "./contract-facts.ts";
import { contractRecords } from "./contracts.ts";
import { offeredTerms } from "./deposit.ts";
import { calendarOf, HOLD_ID, heldFor, heldView, offerFor, pdfDownload } from "./pages.tsx";

/** A typed name as compared with the one given: case, spacing and Unicode forms aside. */
const comparable = (name: string) =>
  name.normalize("NFKC").toLocaleLowerCase().replace(/\s+/g, " ").trim();

/** The signer's network address, kept only as an HMAC under the site's key (SHA-256 without one). */
async function addressHash(token: string | undefined, address: string): Promise<string> {
  return (
    (await keyedHex(token, "portfolio contract signer address", address)) ?? sha256Hex(address)
  );
}

/**
 * `POST /book/held/{id}/sign`: the client's typed name (the name they gave) and their consent
 * sign the contract as the page showed it (the form names its text's SHA-256); the PDF is made
 * and stored, the signature recorded, and the page shows it signed (303). A name that is not
 * theirs, no consent, or a text that changed since it was shown: the page again with the
 * problem (422). Signed once: a second signature, or one after the details changed meanwhile,
 * keeps nothing.
 */
export const signContract: Handler<AppEnv> = async (c) => {
  const offer = await offerFor(c);
  const held = await heldFor(c, offer);
  const { hold, session } = held;
  const { details } = hold;
  const here = await localPath(c, `/book/held/${hold.id}`);
  if (!details || !session.contract || hold.signed) return c.redirect(here, 303);
  const form = (await formOf(c)) ?? new URLSearchParams();
  const typed = (form.get("signature") ?? "").slice(0, 200);
  const text = await contractText(c, offer, session, { slot: hold.slot, details });
  const textSha256 = await sha256Hex(text);
  const errors: Record<string, Phrase> = {};
  // The form names the text its page showed: one changed since (the owner edited the session
  // type's contract, its price or deposit) is shown again, never signed unread.
  if (form.get("contract") !== textSha256) errors.contract = phrase("booking.contract.changed");
  if (comparable(typed) !== comparable(details.name)) {
    errors.signature = phrase("booking.contract.nameMismatch", { name: details.name });
  }
  if (form.get("consent") !== "yes") errors.consent = phrase("booking.contract.consentMissing");
  if (Object.keys(errors).length > 0) {
    return heldView(c, offer, held, { signing: { values: { signature: typed }, errors } });
  }
  const [i18n, site] = await Promise.all([i18nFor(c), siteSettingsFor(c)]);
  const signature: Signature = {
    name: typed.trim(),
    email: details.email,
    signedAt: Date.now(),
    textSha256,
    addressHash: await addressHash(
      c.var.config.sanityToken,
      c.req.header("CF-Connecting-IP") ?? "",
    ),
    userAgent: (c.req.header("User-Agent") ?? "").slice(0, 300),
  };
  // pdf-lib, fontkit and the font are a megabyte and a half that only signing needs: loaded then.
  const { textPdf } = await import("./text-pdf.ts");
  const pdf = await textPdf(
    signedContract(
      i18n,
      { session: session.title, text, author: site.owner, timeZone: offer.hours.timeZone },
      signature,
    ),
  );
  const records = contractRecords(c.env.STORE_DB, c.env.CONTRACTS);
  try {
    const kept = await records.keep(
      {
        booking: hold.id,
        language: i18n.language,
        text,
        terms: offeredTerms(offer, session),
        ...signature,
      },
      pdf,
    );
    // The calendar has the last word: the hold still holds, unsigned, with these details. A
    // calendar that fails undoes the record too, so the client's next try signs afresh.
    if (kept) {
      const signed = await calendarOf(c)
        .sign(hold.id, details, kept.pdfSha256)
        .catch(async (error: unknown) => {
          await records.drop(kept);
          throw error;
        });
      if (!signed) await records.drop(kept);
    }
  } catch (error) {
    log.error("A signed contract could not be kept", { booking: hold.id, error: errorText(error) });
    throw new PageError(503, phrase("booking.contract.failed"), { fatal: false });
  }
  return c.redirect(here, 303);
};

/**
 * `GET /book/held/{id}/contract.pdf`: the signed contract, byte for byte as signed (a stored
 * file whose hash differs is refused and logged); a 404 for a booking with none.
 */
export const contractFile: Handler<AppEnv> = async (c) => {
  const id = c.req.param("hold") ?? "";
  const records = contractRecords(c.env.STORE_DB, c.env.CONTRACTS);
  const record = HOLD_ID.test(id) ? await records.get(id) : undefined;
  const pdf = record && (await records.pdf(record));
  if (!record || !pdf) throw pageNotFound(new URL(c.req.url).pathname);
  if (pdf === "altered") {
    log.error("A signed contract's file is not the one signed; it is not served", { booking: id });
    throw new PageError(500, phrase("booking.contract.altered"), { fatal: false });
  }
  return pdfDownload(pdf, `contract-${id.slice(0, 8)}.pdf`);
};
