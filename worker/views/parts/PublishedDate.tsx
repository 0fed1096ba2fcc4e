import { useI18n } from "../i18n.tsx";

/** A machine-readable `<time>` with the date as a visitor reads it ("10 February 2026"). */
export function PublishedDate({ iso, className = "" }: { iso: string; className?: string }) {
  const label = useI18n().date(iso);
  if (!label) return null;
  return (
    <time dateTime={iso} className={className}>
      {label}
    </time>
  );
}
