/**
 * The day of a moment (an ISO time, stored in UTC) on the editor's own calendar, where they see
 * it, as 2027-01-01: a UTC slice of the text would show Auckland's New Year's Day as 31 December.
 */
export const localDay = (iso: string): string =>
  new Intl.DateTimeFormat("en-CA").format(new Date(iso));
