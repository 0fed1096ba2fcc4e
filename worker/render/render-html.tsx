import { buildInfo } from "virtual:build-info";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";
import type { Language } from "../../shared/i18n/languages.ts";
import type { SlideshowProps } from "../../shared/islands/slideshow/Slideshow.tsx";
import { storeIsOn } from "../config/config.ts";
import type { ContentImage } from "../content/model.ts";
import { localNames } from "../content/names.ts";
import { inLanguage, isLanguageNeutral } from "../content/paths.ts";
import type { SiteSettings } from "../content/site-settings.ts";
import { translator } from "../i18n/translator.ts";
import { log } from "../lib/log.ts";
import { PreviewBanner } from "../preview/PreviewBanner.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { canonicalUrl, pathOf } from "../request/context.ts";
import { Backdrop } from "../views/Backdrop.tsx";
import { BrowserMessages } from "../views/BrowserMessages.tsx";
import { Document, moduleAddressesJson } from "../views/Document.tsx";
import { I18n } from "../views/i18n.tsx";
import { LanguageSwitcher } from "../views/LanguageSwitcher.tsx";
import { Layout } from "../views/Layout.tsx";
import { LanguageAlternates } from "../views/parts/LanguageAlternates.tsx";
import { PageMeta, type PageMetaProps } from "../views/parts/PageMeta.tsx";
import { SiteFooter } from "../views/SiteFooter.tsx";
import { SiteHeader } from "../views/SiteHeader.tsx";
import { localizeLinks } from "./localize-links.ts";

/** What a page handler hands over to be rendered: its own part of the page. */
export interface ViewParts {
  /** The page's own title; the document title puts it before the site title. */
  title?: string;
  description?: string;
  main: ReactNode;
  status?: ContentfulStatusCode;
  /**
   * How the page is shared and indexed (social card, structured data). Its canonical link,
   * title, description and site name are the page's own, filled in here.
   */
  meta?: PageMetaFields;
  /**
   * The site's languages this page is in (its alternates, the switcher's links): all of them
   * unless the page says otherwise (a photograph placed only in one language's text).
   */
  languages?: readonly Language[];
  /**
   * The query the page is about (a search's words, a map's tag, the photograph a contact form
   * asks about), which the language switcher keeps; any
   * other query string is left behind with the page in the language the visitor leaves.
   */
  query?: Record<string, string>;
  /**
   * A client's own space (their gallery): the header and footer keep the owner's name and a way
   * to reach them, and lead nowhere else on the public site (no navigation, no search).
   */
  client?: boolean;
  /** What the page adds to the document's head (the order page's refresh without JavaScript). */
  head?: ReactNode;
}

/** What a page says about itself beyond its title and description. */
export type PageMetaFields = Omit<
  PageMetaProps,
  "canonical" | "title" | "description" | "siteName"
>;

/** What every page shows around its own content, loaded by render/load-layout.ts. */
export interface LayoutData {
  site: SiteSettings;
  /** The request's path in the site (without a language's prefix), to mark the current page. */
  path: string;
  /** The background photographs, or null when there are none or they could not be loaded. */
  slideshow: SlideshowProps | null;
  /** Routes with a slug parameter leave the slideshow toggle out of the footer. */
  showSlideshowToggle: boolean;
  /**
   * The social card of a page without a photograph of its own: the owner's default image,
   * else the first photograph of the slideshow.
   */
  socialImage: ContentImage | null;
  /** The owner's draft preview: a banner says so, with a way out. */
  preview: boolean;
}

/** "Contact · Jane Doe Photography", or the site title alone. */
export const documentTitle = (pageTitle: string | undefined, siteTitle: string) =>
  pageTitle ? `${pageTitle} · ${siteTitle}` : siteTitle;

/** The build's module addresses as every page carries them, made once per isolate. */
const MODULES_JSON = moduleAddressesJson(buildInfo.modules);

/**
 * The Link header: what the browser may start before the HTML arrives (Cloudflare sends it
 * ahead as 103 Early Hints): the stylesheet, and the connection to the image CDN. The largest
 * paint's photograph is preloaded from <head> instead: a header cannot carry its srcset
 * reliably (React leaves srcset preloads out of headers for that reason).
 */
const earlyHints = (imageCdn: string) =>
  [
    ...buildInfo.styles.map((href) => `<${href}>; rel=preload; as=style`),
    `<${imageCdn}>; rel=preconnect`,
  ].join(", ");

/**
 * Renders a page inside the site layout to a complete HTML response: the last step of every
 * page, with everything it shows already loaded.
 */
export async function renderHtml(
  c: Context<AppEnv>,
  layout: LayoutData,
  view: ViewParts,
): Promise<Response> {
  const { site, path, slideshow } = layout;
  const images = c.var.config.imageOrigin;
  const title = documentTitle(view.title, site.title);
  const description = view.description ?? site.description;
  const i18n = translator(site.language);
  const status = view.status ?? 200;
  // The same page in each of the site's languages: a page that is there (200), at an address
  // that has a copy per language, on a site in more than one.
  const languages =
    status === 200 && site.languages.length > 1 && !isLanguageNeutral(path)
      ? site.languages.filter((language) => view.languages?.includes(language) ?? true)
      : [];
  const at = (language: Language) => inLanguage(path, language, site.baseLanguage);
  const query = view.query ? `?${new URLSearchParams(view.query)}` : "";
  const page = (
    <I18n
      value={{
        ...i18n,
        base: site.baseLanguage,
        name: localNames(site, i18n.locale),
        timeZone: site.timeZone,
      }}
    >
      <Document
        language={i18n.language}
        dir={i18n.dir}
        title={title}
        description={description}
        buildId={buildInfo.buildId}
        head={
          <>
            {languages.length > 0 && (
              <LanguageAlternates
                alternates={languages.map((language) => ({
                  language,
                  url: canonicalUrl(c, at(language)),
                }))}
                {...(languages.includes(site.baseLanguage)
                  ? { fallback: canonicalUrl(c, at(site.baseLanguage)) }
                  : {})}
              />
            )}
            {view.meta && (
              <PageMeta
                canonical={canonicalUrl(c)}
                title={title}
                description={description}
                siteName={site.title}
                {...view.meta}
              />
            )}
            {view.head}
          </>
        }
        assets={{
          styles: buildInfo.styles,
          entryScript: buildInfo.entryScript,
          modulesJson: MODULES_JSON,
          imageOrigin: images,
          headScript: buildInfo.headScript,
          favicon: buildInfo.favicon,
          dev: buildInfo.dev,
        }}
      >
        <Layout
          header={
            <SiteHeader
              brand={site.brand}
              navigation={site.navigation}
              path={path}
              cart={storeIsOn(c.var.config.store) ? { items: c.get("cartItems") } : undefined}
              client={view.client}
              languages={
                languages.length > 1 && (
                  <LanguageSwitcher
                    links={languages.map((language) => ({
                      language,
                      href: `${at(language)}${query}`,
                    }))}
                  />
                )
              }
            />
          }
          footer={
            <SiteFooter
              version={buildInfo.version}
              owner={site.owner}
              email={site.email}
              socialLinks={site.socialLinks}
              year={new Date().getUTCFullYear()}
              client={view.client}
              slideshowToggle={
                layout.showSlideshowToggle ? { available: slideshow !== null } : undefined
              }
            />
          }
          backdrop={slideshow && <Backdrop slideshow={slideshow} />}
          banner={layout.preview ? <PreviewBanner path={pathOf(c)} /> : undefined}
        >
          {view.main}
        </Layout>
        {/* The words of the modules every page may load: the viewer and the search. */}
        <BrowserMessages module="photo-viewer" />
        <BrowserMessages module="search" />
      </Document>
    </I18n>
  );

  const stream = await renderToReadableStream(page, {
    onError(error) {
      log.error("Render failed", { path, requestId: c.get("requestId"), error: String(error) });
    },
  });
  // Everything was loaded before rendering, so waiting costs nothing and keeps the status honest.
  await stream.allReady;
  const response = c.body(stream, status, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache",
    Link: earlyHints(images),
  });
  // A further language's page keeps its visitors in it: its links get the language's prefix.
  const sent =
    site.language === site.baseLanguage
      ? response
      : localizeLinks(response, site.language, site.baseLanguage);
  // In one piece, with its length. React hands the page over in 4 KB chunks, all ready by now
  // (allReady above), and a browser given them one at a time, as on a busy machine, painted the
  // page between them: its header grew as the rest came (the search link moved 570 px when the
  // navigation arrived), a layout shift for nothing.
  return new Response(await sent.arrayBuffer(), sent);
}
