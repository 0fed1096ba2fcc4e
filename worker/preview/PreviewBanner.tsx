import { useI18n } from "../views/i18n.tsx";

interface PreviewBannerProps {
  /** Where "Exit preview" returns to: the same page, as visitors see it. */
  path: string;
}

/** Shown on every page in draft preview, so the owner never mistakes drafts for the live site. */
export function PreviewBanner({ path }: PreviewBannerProps) {
  const { t } = useI18n();
  return (
    <div
      role="status"
      className="sticky top-0 z-30 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-amber-300 px-4 py-2 text-center text-sm font-medium text-neutral-950"
    >
      <span>{t("preview.notice")}</span>
      <a
        href={`/_app/preview/disable?redirect=${encodeURIComponent(path)}`}
        // Out of the Studio's frame too: the site as visitors see it may not be framed.
        target="_top"
        className="focus-ring rounded-full bg-neutral-950 px-3 py-1 text-white underline-offset-4 hover:underline"
      >
        {t("preview.exit")}
      </a>
    </div>
  );
}
