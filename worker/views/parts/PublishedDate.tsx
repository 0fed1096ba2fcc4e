import { wallAt } from "../../lib/zoned-time.ts";
import { useI18n } from "../i18n.tsx";

/** The year `iso` is in on `timeZone`'s calendar (the owner's: the year its date shows). */
export const yearIn = (iso: string, timeZone: string): number =>
  new Date(wallAt(timeZone, Date.parse(iso))).getUTCFullYear();

/**
 * A machine-readable `<time>` with the date as a visitor reads it ("10 February 2026"): the day
 * it was on the owner's calendar, which a post published in their evening is not in UTC.
 */
export function PublishedDate({ iso, className = "" }: { iso: string; className?: string }) {
  const { date, timeZone } = useI18n();
  const label = date(iso, timeZone);
  if (!label) return null;
  return (
    <time dateTime={iso} className={className}>
      {label}
    </time>
  );
}
