/**
 * The contract a client signs before paying the deposit: the owner's template for the session
 * type (the Studio's, in the client's language) with the booking's facts filled in, and the
 * words of its signature. Signing is a simple electronic signature (the client types their name
 * and agrees); its record (contracts.ts) keeps what was signed, when, from where and in which
 * browser, and the PDF (text-pdf.ts) carries the same.
 */
import type { Translator } from "../i18n/translator.ts";
import type { PdfText } from "./pdf-text.ts";

/** The facts a template may name, as `{client}`; the Studio lists the same. */
export const CONTRACT_FACTS = [
  "client",
  "email",
  "session",
  "date",
  "place",
  "price",
  "deposit",
  "balance",
  "photographer",
  "licence",
] as const;

export type ContractFacts = Record<(typeof CONTRACT_FACTS)[number], string>;

/**
 * The template with its facts in place. One pass: what a client typed (their name) is put in
 * as it is, never read as a fact's name; a name the template gives that is not a fact stays.
 */
export const fillContract = (template: string, facts: ContractFacts): string =>
  template.replace(/\{([a-z]+)\}/g, (whole, name: string) =>
    Object.hasOwn(facts, name) ? facts[name as keyof ContractFacts] : whole,
  );

/** What a signature records beside the text signed. */
export interface Signature {
  name: string;
  email: string;
  signedAt: number;
  /** SHA-256 of the filled contract's text, hex. */
  textSha256: string;
  /** The signer's network address, hashed (HMAC-SHA256 under the site's key), hex. */
  addressHash: string;
  userAgent: string;
}

/** The signed contract's document: its title, text and signature block, in the client's language. */
export function signedContract(
  { t, locale, language, dir }: Translator,
  {
    session,
    text,
    author,
    timeZone,
  }: { session: string; text: string; author: string; timeZone: string },
  signature: Signature,
): PdfText {
  const signedAt = new Date(signature.signedAt);
  const time = `${new Intl.DateTimeFormat(locale, {
    dateStyle: "long",
    timeStyle: "long",
    timeZone,
  }).format(signedAt)} (${signedAt.toISOString()})`;
  return {
    title: t("booking.contract.title", { session }),
    text,
    author,
    language,
    rtl: dir === "rtl",
    madeAt: signedAt,
    closing: {
      heading: t("booking.contract.signature"),
      lines: [
        t("booking.contract.signedBy", { name: signature.name, email: signature.email, time }),
        t("booking.contract.textHash", { hash: signature.textSha256 }),
        t("booking.contract.addressHash", { hash: signature.addressHash }),
        t("booking.contract.browser", { browser: signature.userAgent || "–" }),
      ],
    },
  };
}
