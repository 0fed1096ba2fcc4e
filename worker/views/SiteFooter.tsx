import { IoMailOutline, IoShareSocialOutline } from "react-icons/io5";
import SlideshowToggle, {
  type SlideshowToggleProps,
} from "../../shared/islands/slideshow/SlideshowToggle.tsx";
import ThemeToggle from "../../shared/islands/theme/ThemeToggle.tsx";
import type { Link } from "../config/site-defaults.ts";
import { Island } from "./Island.tsx";
import { useI18n } from "./i18n.tsx";

interface SiteFooterProps {
  version: string;
  owner: string;
  email: string;
  socialLinks: readonly Link[];
  year: number;
  /** Only routes without a slug parameter show the slideshow toggle. */
  slideshowToggle?: Omit<SlideshowToggleProps, "labels">;
  /** A client's own space: the owner's name, the imprint and the e-mail, no public pages. */
  client?: boolean;
}

const linkClass =
  "focus-ring inline-flex items-center gap-1.5 rounded-md underline-offset-4 hover:text-primary-700 hover:underline dark:hover:text-primary-300";

export function SiteFooter({
  version,
  owner,
  email,
  socialLinks,
  year,
  slideshowToggle,
  client,
}: SiteFooterProps) {
  const { t } = useI18n();
  return (
    <footer className="surface border-t border-neutral-200/70 text-sm text-neutral-700 dark:border-neutral-800/70 dark:text-neutral-300">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-4 sm:px-6 lg:px-8">
        <span className="font-mono text-xs text-neutral-600 dark:text-neutral-400">v{version}</span>
        <span>
          © {year} {owner}
        </span>
        {!client && (
          <>
            <a href="/photos" className={linkClass}>
              {t("site.photos")}
            </a>
            <a href="/archive" className={linkClass}>
              {t("site.archive")}
            </a>
          </>
        )}
        <a href="/imprint" className={linkClass}>
          {t("site.imprint")}
        </a>
        {(client ? [] : socialLinks).map(({ href, label }) => (
          <a key={href} href={href} className={linkClass} rel="me noopener" target="_blank">
            <IoShareSocialOutline aria-hidden="true" focusable="false" className="size-4" />
            {label}
            <span className="sr-only"> {t("site.opensInNewTab")}</span>
          </a>
        ))}
        <a href={`mailto:${email}`} className={linkClass}>
          <IoMailOutline aria-hidden="true" focusable="false" className="size-4" />
          {email}
        </a>
        <div className="ms-auto flex items-center gap-2">
          <Island
            name="ThemeToggle"
            component={ThemeToggle}
            props={{
              labels: {
                unknown: t("theme.switch"),
                toLight: t("theme.toLight"),
                toDark: t("theme.toDark"),
              },
            }}
          />
          {slideshowToggle && (
            <Island
              name="SlideshowToggle"
              component={SlideshowToggle}
              props={{
                ...slideshowToggle,
                labels: slideshowToggle.available
                  ? { name: t("slideshow.label"), off: t("slideshow.off"), on: t("slideshow.on") }
                  : { name: t("slideshow.label"), none: t("slideshow.none") },
              }}
            />
          )}
        </div>
      </div>
    </footer>
  );
}
