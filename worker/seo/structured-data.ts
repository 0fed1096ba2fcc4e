/**
 * Schema.org objects for search engines (JSON-LD). PageMeta serializes them safely; these
 * builders only decide what is said.
 */

const CONTEXT = "https://schema.org";

interface Person {
  name: string;
  /** The site's home page. */
  url: string;
  /** Profiles elsewhere (the owner's social link). */
  sameAs?: string[];
}

/** The owner, on the home page. */
export function personLd({ name, url, sameAs }: Person) {
  return {
    "@context": CONTEXT,
    "@type": "Person",
    name,
    url,
    ...(sameAs?.length ? { sameAs } : {}),
  };
}

interface BlogPosting {
  headline: string;
  description?: string | null;
  url: string;
  datePublished: string;
  /** The document's last change; the publication date when the content service has none. */
  dateModified?: string | null;
  image?: string;
  author: Person;
}

/** A post, with its author. */
export function blogPostingLd(post: BlogPosting) {
  return {
    "@context": CONTEXT,
    "@type": "BlogPosting",
    headline: post.headline,
    ...(post.description ? { description: post.description } : {}),
    url: post.url,
    mainEntityOfPage: post.url,
    datePublished: post.datePublished,
    dateModified: post.dateModified || post.datePublished,
    ...(post.image ? { image: [post.image] } : {}),
    author: { "@type": "Person", name: post.author.name, url: post.author.url },
  };
}

interface ImageObject {
  /** The photograph itself: an image CDN address. */
  contentUrl: string;
  /** Its own page. */
  url: string;
  name: string;
  /** The caption, when the photograph's own title heads it. */
  caption?: string | null;
  description?: string | null;
  width: number;
  height: number;
  /** Who made it (the credit line, else the site's owner). */
  creator: string;
  /** How it is credited. */
  creditText: string;
  copyrightNotice: string;
  /** The licence's address, when the owner names one. */
  license?: string;
  /** Where it is licensed. */
  acquireLicensePage: string;
  /** When it was taken, when known. */
  dateCreated?: string;
}

/**
 * A photograph, with what Google Images needs to show it as licensable: `license` and
 * `acquireLicensePage`, with `creator`, `creditText` and `copyrightNotice`.
 */
export function imageObjectLd(image: ImageObject) {
  return {
    "@context": CONTEXT,
    "@type": "ImageObject",
    contentUrl: image.contentUrl,
    url: image.url,
    name: image.name,
    ...(image.caption ? { caption: image.caption } : {}),
    ...(image.description ? { description: image.description } : {}),
    width: image.width,
    height: image.height,
    creator: { "@type": "Person", name: image.creator },
    creditText: image.creditText,
    copyrightNotice: image.copyrightNotice,
    ...(image.license ? { license: image.license } : {}),
    acquireLicensePage: image.acquireLicensePage,
    ...(image.dateCreated ? { dateCreated: image.dateCreated } : {}),
  };
}
