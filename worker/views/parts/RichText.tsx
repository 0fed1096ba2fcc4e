import { PortableText, type PortableTextComponents } from "@portabletext/react";
import type { TypedObject } from "@portabletext/types";
import type { ImageFor } from "../../content/image-urls.ts";
import type { ContentImage, GalleryBlock } from "../../content/model.ts";
import { log } from "../../lib/log.ts";
import { fallback } from "../helpers/fallback.ts";
import { type Measure, PHONE_GUTTERS } from "../helpers/gallery-layout.ts";
import type { PhotoLink } from "../helpers/photo-links.ts";
import { useI18n } from "../i18n.tsx";
import { ContentFigure } from "./ContentFigure.tsx";
import { ContentLink } from "./ContentLink.tsx";
import { Gallery } from "./Gallery.tsx";
import type { ImageLoading } from "./ResponsiveImage.tsx";

interface RichTextProps {
  /** Portable Text: text blocks, `image` and `gallery` objects. */
  value: readonly TypedObject[] | null | undefined;
  imageFor: ImageFor;
  /** The request's origin: links to it are in-site links. */
  siteOrigin: string;
  /** "wide" lets galleries use the whole width while text keeps a readable measure. */
  measure?: Measure;
  /** Where each photograph links to (its own page); none: photographs are not links. */
  photoLink?: PhotoLink;
  /** How many photographs, in document order, are on the first screen (fetched at once). */
  firstScreen?: number;
  /** The first photograph is the page's largest paint: fetched first, at high priority. */
  lead?: boolean;
  className?: string;
  /** The text's language when it is the site's own standing in for a missing translation. */
  fallbackLanguage?: unknown;
}

/** A single photograph in the text column (at most 42rem wide), or narrower when upright. */
const FIGURE_SIZES = `(min-width: 768px) 672px, calc(100vw - ${PHONE_GUTTERS})`;
const UPRIGHT_SIZES = `(min-width: 640px) 448px, calc(100vw - ${PHONE_GUTTERS})`;

/** Block, mark and style types already reported by this isolate: one log line each. */
const reported = new Set<string>();

/**
 * Content may hold block types, marks or styles the site does not know (the Studio's schema
 * grew, a plugin added one): they are skipped (marks keep their text) and named once in the
 * log, never a failed page.
 */
function reportUnknown(_message: string, { type, nodeType }: { type: string; nodeType: string }) {
  const key = `${nodeType}:${type}`;
  if (reported.has(key)) return;
  reported.add(key);
  log.warn("Unknown rich text element skipped", { nodeType, type: type.slice(0, 80) });
}

/** Renders Portable Text with the site's typography, photographs and galleries. */
export function RichText({
  value,
  imageFor,
  siteOrigin,
  measure = "prose",
  photoLink = () => undefined,
  firstScreen = 0,
  lead = false,
  className = "",
  fallbackLanguage,
}: RichTextProps) {
  const i18n = useI18n();
  if (!value || value.length === 0) return null;
  // Server rendering walks the body in document order: the first photographs it meets are
  // the first on screen.
  let seen = 0;
  const loading = (): ImageLoading => {
    const index = seen++;
    if (index === 0 && lead) return "lcp";
    return index < firstScreen ? "eager" : "lazy";
  };
  const components = richTextComponents({ imageFor, siteOrigin, measure, photoLink, loading });
  return (
    <div
      {...fallback(fallbackLanguage, i18n)}
      className={`rich-text ${measure === "wide" ? "rich-text-wide" : ""} text-base leading-relaxed text-neutral-800 sm:text-lg dark:text-neutral-200 ${className}`}
    >
      <PortableText value={[...value]} components={components} onMissingComponent={reportUnknown} />
    </div>
  );
}

function richTextComponents({
  imageFor,
  siteOrigin,
  measure,
  photoLink,
  loading,
}: Required<Pick<RichTextProps, "imageFor" | "siteOrigin" | "measure" | "photoLink">> & {
  loading: () => ImageLoading;
}): PortableTextComponents {
  return {
    block: {
      normal: ({ children }) => <p>{children}</p>,
      h2: ({ children }) => (
        <h2 className="font-serif text-2xl tracking-tight text-neutral-950 sm:text-3xl dark:text-white">
          {children}
        </h2>
      ),
      h3: ({ children }) => (
        <h3 className="font-serif text-xl tracking-tight text-neutral-950 sm:text-2xl dark:text-white">
          {children}
        </h3>
      ),
      h4: ({ children }) => (
        <h4 className="font-semibold text-neutral-950 dark:text-white">{children}</h4>
      ),
      blockquote: ({ children }) => (
        <blockquote className="border-s-4 border-primary-600 ps-5 font-serif text-xl text-neutral-700 italic dark:border-primary-400 dark:text-neutral-300">
          {children}
        </blockquote>
      ),
    },
    list: {
      bullet: ({ children }) => (
        <ul className="list-disc space-y-2 ps-6 marker:text-primary-600 dark:marker:text-primary-400">
          {children}
        </ul>
      ),
      number: ({ children }) => (
        <ol className="list-decimal space-y-2 ps-6 marker:text-primary-700 dark:marker:text-primary-300">
          {children}
        </ol>
      ),
    },
    listItem: ({ children }) => <li className="ps-1">{children}</li>,
    marks: {
      link: ({ value, children }) => (
        <ContentLink href={(value as { href?: string } | undefined)?.href} siteOrigin={siteOrigin}>
          {children}
        </ContentLink>
      ),
      code: ({ children }) => (
        <code className="rounded bg-neutral-100 px-1.5 py-0.5 font-mono text-[0.9em] dark:bg-neutral-800">
          {children}
        </code>
      ),
    },
    types: {
      image: ({ value }: { value: ContentImage }) => {
        const upright = value.asset ? value.asset.height > value.asset.width : false;
        return (
          <ContentFigure
            image={value}
            imageFor={imageFor}
            options={{ maxWidth: 1600 }}
            sizes={upright ? UPRIGHT_SIZES : FIGURE_SIZES}
            loading={loading()}
            photo={photoLink(value._key)}
            className={upright ? "sm:mx-auto sm:max-w-md" : ""}
          />
        );
      },
      gallery: ({ value, index }: { value: GalleryBlock; index: number }) => (
        <Gallery
          gallery={value}
          id={`gallery-${value._key ?? index}`}
          imageFor={imageFor}
          measure={measure}
          photoLink={photoLink}
          loading={loading}
        />
      ),
    },
    // A block type the site does not know yet renders nothing rather than a debug message.
    unknownType: () => null,
  };
}
