import type { ReactNode } from "react";
import { useI18n } from "./i18n.tsx";

interface LayoutProps {
  header: ReactNode;
  footer: ReactNode;
  /** Full-screen layers behind the page (the slideshow backdrop). */
  backdrop?: ReactNode;
  /** A notice above everything (draft preview). */
  banner?: ReactNode;
  children: ReactNode;
}

/** Header, main and footer on every page, with a skip link to the main content. */
export function Layout({ header, footer, backdrop, banner, children }: LayoutProps) {
  const { t } = useI18n();
  return (
    <>
      <a
        href="#main"
        className="focus-ring sr-only rounded-md bg-primary-700 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:start-3 focus:z-50"
      >
        {t("site.skipToContent")}
      </a>
      {/* Above the backdrop, which follows it: a frame the browser paints while the page is
          still arriving never shows the backdrop without the header and the page over it. */}
      <div className="relative z-[1] flex min-h-dvh flex-col">
        {banner}
        {header}
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        {footer}
      </div>
      {backdrop}
    </>
  );
}
