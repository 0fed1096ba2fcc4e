/**
 * A currency as the Studio keeps it and Stripe takes it: three lowercase letters naming an ISO
 * 4217 currency ("eur"), not any three letters (a typo such as "eru", which Intl would format
 * without complaint while every payment failed at Stripe).
 */
export const isCurrency = (value: unknown): value is string =>
  typeof value === "string" &&
  /^[a-z]{3}$/.test(value) &&
  Intl.supportedValuesOf("currency").includes(value.toUpperCase());

/** Currencies without a minor unit, as Stripe lists them: an amount is whole units. */
const ZERO_DECIMAL = new Set(
  "bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf".split(" "),
);
/** Currencies Stripe counts in thousandths, whose amounts must end in 0 (whole hundredths). */
const THREE_DECIMAL = new Set("bhd jod kwd omr tnd".split(" "));

/** How many decimals an amount in `currency` has at Stripe (its smallest unit's place). */
export const decimalsOf = (currency: string) =>
  ZERO_DECIMAL.has(currency) ? 0 : THREE_DECIMAL.has(currency) ? 3 : 2;

/**
 * What every amount charged or refunded in `currency` is a multiple of, in its smallest unit:
 * Stripe refuses a three-decimal amount whose last digit is not 0, and an Icelandic króna amount
 * with a fraction of a króna (ISK has none, and is still counted in hundredths).
 */
export const amountStep = (currency: string) =>
  THREE_DECIMAL.has(currency) ? 10 : currency === "isk" ? 100 : 1;

/**
 * The least Stripe charges in `currency`, in whole units, as its table of minimum charge amounts
 * lists them (¥50, HUF 175, 3 kr); half a unit for every other currency ($0.50, €0.50), about
 * the least it takes anywhere.
 */
export const leastCharge = (currency: string): number => LEAST_CHARGE[currency] ?? 0.5;

const LEAST_CHARGE: Record<string, number> = {
  aed: 2,
  bgn: 1,
  czk: 15,
  dkk: 2.5,
  gbp: 0.3,
  hkd: 4,
  huf: 175,
  jpy: 50,
  mxn: 10,
  myr: 2,
  nok: 3,
  pln: 2,
  ron: 2,
  sek: 3,
  thb: 10,
};
