/** Dates read the same everywhere: English, in UTC (the time the editor picked, not the edge's). */
const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

/** A machine-readable `<time>` with the date as a visitor reads it ("10 February 2026"). */
export function PublishedDate({ iso, className = "" }: { iso: string; className?: string }) {
  const label = formatDate(iso);
  if (!label) return null;
  return (
    <time dateTime={iso} className={className}>
      {label}
    </time>
  );
}
