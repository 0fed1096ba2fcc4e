import type { ReactNode } from "react";
import { IoBagHandleOutline, IoGlassesOutline, IoSearchOutline } from "react-icons/io5";
import type { Link } from "../config/site-defaults.ts";
import { fallback } from "./helpers/fallback.ts";
import { useI18n } from "./i18n.tsx";

interface SiteHeaderProps {
  brand: string;
  /** The owner's navigation, in order. */
  navigation: readonly (Link & { lang?: string })[];
  /** The current path, to mark the current page in the navigation. */
  path: string;
  /** The language switcher, when the site is in more than one language. */
  languages?: ReactNode;
  /**
   * The cart link, when the site has a store: shown while the cart holds something, with
   * `items` when the page knows it (a private page), else by the head script from a cookie.
   */
  cart?: { items: number | undefined } | undefined;
  /** A client's own space (their gallery): the owner's brand and no way into the public site. */
  client?: boolean;
}

export function SiteHeader({ brand, navigation, path, languages, cart, client }: SiteHeaderProps) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <header className="surface sticky top-0 z-20 border-b border-neutral-200/70 dark:border-neutral-800/70">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <a
          href="/"
          className="focus-ring group inline-flex items-center gap-2 rounded-md font-serif text-xl tracking-tight text-neutral-900 dark:text-white"
        >
          <IoGlassesOutline
            aria-hidden="true"
            focusable="false"
            className="size-7 text-primary-600 transition-transform group-hover:-rotate-6 dark:text-primary-400"
          />
          <span>{brand}</span>
        </a>
        {/* With JavaScript, this (or "/", ⌘K, Ctrl-K) opens the search dialog over the page. */}
        {!client && (
          <a
            href="/search"
            data-search-open=""
            aria-current={path === "/search" ? "page" : undefined}
            className="focus-ring ms-auto rounded-full p-2 text-neutral-700 hover:bg-neutral-900/5 hover:text-neutral-950 dark:text-neutral-200 dark:hover:bg-white/10 dark:hover:text-white"
          >
            <IoSearchOutline aria-hidden="true" focusable="false" className="size-5" />
            <span className="sr-only">{t("site.search")}</span>
          </a>
        )}
        {cart && (
          <a
            href="/cart"
            data-cart-link=""
            data-items={cart.items || undefined}
            aria-current={path === "/cart" ? "page" : undefined}
            className="cart-link focus-ring items-center gap-1 rounded-full p-2 text-neutral-700 hover:bg-neutral-900/5 hover:text-neutral-950 dark:text-neutral-200 dark:hover:bg-white/10 dark:hover:text-white"
          >
            <IoBagHandleOutline aria-hidden="true" focusable="false" className="size-5" />
            <span className="sr-only">{t("site.cart")}</span>
            <span className="cart-count min-w-5 rounded-full bg-primary-700 px-1.5 text-center text-xs font-semibold leading-5 text-white dark:bg-primary-400 dark:text-neutral-950">
              {cart.items || ""}
            </span>
          </a>
        )}
        {languages}
        {!client && (
          <nav aria-label={t("site.mainNavigation")} className="w-full sm:w-auto">
            <ul className="flex flex-wrap items-center justify-end gap-1 text-sm font-medium sm:gap-2">
              {navigation.map(({ href, label, lang }) => {
                const current = path === href;
                return (
                  <li key={href}>
                    <a
                      href={href}
                      aria-current={current ? "page" : undefined}
                      {...fallback(lang, i18n)}
                      className="focus-ring rounded-full px-2 py-1.5 text-neutral-700 sm:px-3 transition-colors hover:bg-neutral-900/5 hover:text-neutral-950 aria-[current=page]:bg-primary-700 aria-[current=page]:text-white dark:text-neutral-200 dark:hover:bg-white/10 dark:hover:text-white dark:aria-[current=page]:bg-primary-400 dark:aria-[current=page]:text-neutral-950"
                    >
                      {label}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
      </div>
    </header>
  );
}
