/**
 * A currency as the Studio keeps it and Stripe takes it: three lowercase letters naming an ISO
 * 4217 currency ("eur"), not any three letters (a typo such as "eru", which Intl would format
 * without complaint while every payment failed at Stripe).
 */
export const isCurrency = (value: unknown): value is string =>
  typeof value === "string" &&
  /^[a-z]{3}$/.test(value) &&
  Intl.supportedValuesOf("currency").includes(value.toUpperCase());
