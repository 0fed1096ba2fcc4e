/**
 * Keywords as the Media tool's tags (sanity-plugin-media): `media.tag` documents whose
 * `name.current` is the tag's name, referenced from an asset's `opt.media.tags` by weak
 * references, as the plugin writes them. A keyword finds its tag without regard to case
 * ("landscape" is the tag "Landscape"); a keyword without one gets a new tag, created by the
 * same transaction as the first asset that uses it, under an id made from its name so a second
 * run (or a second file) finds the same one.
 */
import { createHash } from "node:crypto";
import type { Mutation, SanityClient } from "@sanity/client";
import { nameSlug } from "../../worker/content/camera-names.ts";
import { keywordKey } from "./keywords.ts";

export interface TagReference {
  _type: "reference";
  _ref: string;
  _key: string;
  _weak: true;
}

interface Tag {
  id: string;
  name: string;
  /** Created by this run (not yet known to be stored). */
  created: boolean;
}

const shortHash = (text: string, length: number) =>
  createHash("sha1").update(text).digest("hex").slice(0, length);

/** An array item's key for a reference to this tag: stable, so a second run adds nothing. */
export const tagReference = (id: string): TagReference => ({
  _type: "reference",
  _ref: id,
  _key: shortHash(id, 12),
  _weak: true,
});

export class TagBook {
  readonly #byKey = new Map<string, Tag>();
  readonly #ids = new Set<string>();

  static async load(client: SanityClient): Promise<TagBook> {
    const book = new TagBook();
    const tags = await client.fetch<{ _id: string; name: string | null }[]>(
      `*[_type == "media.tag" && !(_id in path("drafts.**"))]{_id, "name": name.current}`,
    );
    for (const tag of tags) {
      book.#ids.add(tag._id);
      if (tag.name && !book.#byKey.has(keywordKey(tag.name))) {
        book.#byKey.set(keywordKey(tag.name), { id: tag._id, name: tag.name, created: false });
      }
    }
    return book;
  }

  /** The tag of each keyword, creating (in this book) those that do not exist yet. */
  resolve(keywords: readonly string[]): Tag[] {
    return keywords.map((keyword) => {
      const key = keywordKey(keyword);
      let tag = this.#byKey.get(key);
      if (!tag) {
        const slug = nameSlug(keyword);
        let id = `media-tag-${slug || shortHash(key, 12)}`;
        if (this.#ids.has(id)) id = `${id}-${shortHash(key, 8)}`;
        tag = { id, name: keyword, created: true };
        this.#byKey.set(key, tag);
        this.#ids.add(id);
      }
      return tag;
    });
  }

  /** The tags this run created, by name. */
  get created(): string[] {
    return [...this.#byKey.values()].filter((tag) => tag.created).map((tag) => tag.name);
  }
}

/**
 * The mutations that make sure the run's new tags among these exist. Every transaction that
 * references one carries them (createIfNotExists), so whichever commits first creates it and
 * an interrupted run leaves no reference to a tag that is not there.
 */
export function tagCreations(tags: readonly Tag[]): Mutation[] {
  return tags
    .filter((tag) => tag.created)
    .map((tag) => ({
      createIfNotExists: {
        _id: tag.id,
        _type: "media.tag",
        name: { _type: "slug", current: tag.name },
      },
    }));
}
