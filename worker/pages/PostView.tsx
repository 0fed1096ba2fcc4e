import type { ImageFor } from "../content/image-urls.ts";
import type { PostDocument } from "../content/model.ts";
import { COVER_KEY } from "../content/photos.ts";
import { photoLinks } from "../views/helpers/photo-links.ts";
import { RichText } from "../views/parts/RichText.tsx";
import { PostHeader } from "./PostHeader.tsx";

interface PostViewProps {
  post: PostDocument;
  imageFor: ImageFor;
  siteOrigin: string;
}

/** A `post` document: title, date, lead, cover and body. */
export function PostView({ post, imageFor, siteOrigin }: PostViewProps) {
  const photoLink = photoLinks("post", post.slug);
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
          value={post.body}
          imageFor={imageFor}
          siteOrigin={siteOrigin}
          photoLink={photoLink}
          fallbackLanguage={post.lang?.body}
        />
      </div>
    </article>
  );
}
