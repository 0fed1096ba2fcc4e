import { serializeJsonLd } from "../../seo/json-ld.ts";
import type { SocialImage } from "../../seo/social-image.ts";

export interface PageMetaProps {
  /** Absolute URL of this page without query or fragment. */
  canonical: string;
  /** The full document title, as in <title>. */
  title: string;
  description: string;
  siteName: string;
  type: "website" | "article";
  image?: SocialImage;
  /** For articles: ISO dates. */
  publishedTime?: string;
  modifiedTime?: string;
  /** Schema.org objects; serialized safely here, the only place that emits them. */
  jsonLd?: readonly object[];
}

/** SEO tags for <head>: canonical link, Open Graph, Twitter card and JSON-LD. */
export function PageMeta(props: PageMetaProps) {
  const { canonical, title, description, siteName, type, image, jsonLd = [] } = props;
  return (
    <>
      <link rel="canonical" href={canonical} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      {image && (
        <>
          <meta property="og:image" content={image.url} />
          <meta property="og:image:width" content={String(image.width)} />
          <meta property="og:image:height" content={String(image.height)} />
          {image.alt && <meta property="og:image:alt" content={image.alt} />}
        </>
      )}
      {props.publishedTime && (
        <meta property="article:published_time" content={props.publishedTime} />
      )}
      {props.modifiedTime && <meta property="article:modified_time" content={props.modifiedTime} />}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {image && <meta name="twitter:image" content={image.url} />}
      {jsonLd.map((data, index) => (
        <script
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
          key={index}
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: data, not code; serializeJsonLd escapes `<` so it cannot close the element
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
        />
      ))}
    </>
  );
}
