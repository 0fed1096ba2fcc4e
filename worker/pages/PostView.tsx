import type { ImageFor } from "../content/image-urls.ts";
import type { PostDocument } from "../content/model.ts";
import { paths } from "../content/paths.ts";
import { COVER_KEY } from "../content/photos.ts";
import { photoLinks } from "../views/helpers/photo-links.ts";
import { useI18n } from "../views/i18n.tsx";
import { RichText } from "../views/parts/RichText.tsx";
import { PostHeader } from "./PostHeader.tsx";

interface PostViewProps {
  post: PostDocument;
  imageFor: ImageFor;
  siteOrigin: string;
}

/** A `post` document: title, date, lead, cover and body, then the posts before and after it. */
export function PostView({ post, imageFor, siteOrigin }: PostViewProps) {
  const photoLink = photoLinks("post", post.slug);
  const { t } = useI18n();
  // Newer first: the reading order of the home page and the archive.
  const neighbours = (
    [
      ["next", post.newer, "post.newer"],
      ["prev", post.older, "post.older"],
    ] as const
  ).flatMap(([rel, neighbour, words]) =>
    neighbour?.slug
      ? [
          {
            rel,
            href: paths.post(neighbour.slug),
            label: t(words, { title: neighbour.title ?? "" }),
          },
        ]
      : [],
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="panel px-5 py-10 sm:px-10 sm:py-12">
        <PostHeader
          title={post.title}
          publishedAt={post.publishedAt}
          excerpt={post.excerpt}
          lang={post.lang}
          cover={post.mainImage}
          imageFor={imageFor}
          coverLink={photoLink(COVER_KEY)}
        />
        <RichText
          value={withoutCoverAgain(post)}
          imageFor={imageFor}
          siteOrigin={siteOrigin}
          photoLink={photoLink}
          fallbackLanguage={post.lang?.body}
        />
      </div>
      {neighbours.length > 0 && (
        <nav aria-label={t("post.neighbours")} className="post-neighbours">
          {neighbours.map((link) => (
            <a key={link.rel} href={link.href} rel={link.rel}>
              {link.label}
            </a>
          ))}
        </nav>
      )}
    </article>
  );
}

/**
 * The body without its first photograph when that is the cover again (as a post often starts:
 * the cover chosen from the photographs it shows), so the post does not show it twice in a row.
 */
function withoutCoverAgain({ body, mainImage }: PostDocument): PostDocument["body"] {
  const first = body?.findIndex((block) => block._type === "image") ?? -1;
  const block = body?.[first];
  const repeats =
    block?._type === "image" && !!mainImage?.asset && block.asset?._id === mainImage.asset._id;
  return repeats && body ? body.toSpliced(first, 1) : body;
}
