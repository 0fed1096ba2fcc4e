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
