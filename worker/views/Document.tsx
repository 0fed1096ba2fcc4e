import type { ReactNode } from "react";
import { MODULE_ADDRESSES_ID, type ModuleAddresses } from "../../shared/modules.ts";
import { useI18n } from "./i18n.tsx";

/** The module addresses as a page carries them: JSON with `<` escaped, so nothing ends the element. */
export const moduleAddressesJson = (modules: ModuleAddresses) =>
  JSON.stringify(modules).replaceAll("<", "\\u003c");

export interface DocumentAssets {
  styles: readonly string[];
  entryScript: string;
  /** Where photographs come from (Sanity's image CDN, or the demo service). */
  imageOrigin: string;
  /**
   * Every browser module's address, which the entry's loader reads (shared/modules.ts), as the
   * JSON the page carries (moduleAddressesJson: made once, not per page).
   */
  modulesJson: string;
  /** The site's icon, inlined (a data: address). */
  favicon: string;
  /** The inline script that applies the colour mode before first paint. */
  headScript: string;
  /** Vite's dev client, only when served by the dev server. */
  dev: boolean;
}

interface DocumentProps {
  /** The language of the page's text, and its direction. */
  language: string;
  dir: "ltr" | "rtl";
  title: string;
  description: string;
  buildId: string;
  assets: DocumentAssets;
  head?: ReactNode;
  children: ReactNode;
}

/** The HTML document around every page: head metadata, styles and the deferred island entry. */
export function Document({
  language,
  dir,
  title,
  description,
  buildId,
  assets,
  head,
  children,
}: DocumentProps) {
  const { t } = useI18n();
  return (
    <html lang={language} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#f8fafc" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#020617" media="(prefers-color-scheme: dark)" />
        <meta name="build-id" content={buildId} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a build-time constant allowed by its CSP hash */}
        <script dangerouslySetInnerHTML={{ __html: assets.headScript }} />
        {/* Photographs come from the image CDN: its connection is opened while the page loads. */}
        <link rel="preconnect" href={assets.imageOrigin} />
        <link rel="icon" href={assets.favicon} type="image/svg+xml" />
        <link
          rel="alternate"
          type="application/rss+xml"
          title={t("site.feedTitle")}
          href="/rss.xml"
        />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.dev && <script type="module" src="/@vite/client" />}
        {/* The head script starts the client script after the first paint (see before-paint.js). */}
        <meta name="entry" content={assets.entryScript} />
        {/* Data, not a script: the browser never runs it, so the CSP has nothing to allow. */}
        <script
          type="application/json"
          id={MODULE_ADDRESSES_ID}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: build-time addresses, with `<` escaped so nothing can end the element
          dangerouslySetInnerHTML={{ __html: assets.modulesJson }}
        />
        {head}
      </head>
      <body className="min-h-dvh bg-neutral-50 font-sans text-neutral-900 antialiased dark:bg-neutral-950 dark:text-neutral-100">
        {children}
      </body>
    </html>
  );
}
