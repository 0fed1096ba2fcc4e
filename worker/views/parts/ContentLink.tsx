import type { ReactNode } from "react";
import { linkKind } from "../helpers/links.ts";
import { useI18n } from "../i18n.tsx";

interface ContentLinkProps {
  href: string | undefined;
  siteOrigin: string;
  children: ReactNode;
}

const linkClass =
  "focus-ring rounded-sm font-medium text-primary-700 underline decoration-primary-600/40 underline-offset-4 transition-colors hover:decoration-primary-600 dark:text-primary-300 dark:decoration-primary-300/40 dark:hover:decoration-primary-300";

/**
 * A `link` annotation. Links to other sites open in a new tab without handing it this page
 * (`noopener`) or the address it came from (`noreferrer`), and say so to screen readers;
 * links inside the site stay plain; an unsafe scheme renders as plain text.
 */
export function ContentLink({ href, siteOrigin, children }: ContentLinkProps) {
  const { t } = useI18n();
  const kind = href ? linkKind(href, siteOrigin) : "unsafe";
  if (kind === "unsafe" || !href) return <>{children}</>;
  if (kind === "internal") {
    return (
      <a href={href.trim()} className={linkClass}>
        {children}
      </a>
    );
  }
  return (
    <a href={href.trim()} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
      <span className="sr-only"> {t("site.opensInNewTab")}</span>
    </a>
  );
}
