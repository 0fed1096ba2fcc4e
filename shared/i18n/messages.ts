/**
 * The catalogues' types: English (catalogues/en.ts) names every key; every other language is a
 * `Catalogue`, a message for each of those keys and no other. Types only: importing them costs
 * a browser bundle nothing.
 */
import type { en } from "./catalogues/en.ts";
import type { Message, MessageValues, ValueArgs } from "./format.ts";

export type English = typeof en;

/** A message's key: `"site.search"`, `"collection.photographs"`… */
export type MessageKey = keyof English;

/** A language's words: a message for every key, whose placeholders are English's. */
export type Catalogue = { readonly [K in MessageKey]: Message };

/** What follows a key when its message is written: its values, if it has placeholders. */
export type ArgsOf<K extends MessageKey> = ValueArgs<English[K]>;

/** A key whose message has no placeholders: written as it is. */
export type PlainKey = { [K in MessageKey]: ArgsOf<K> extends [] ? K : never }[MessageKey];

/**
 * A message to be written later, in a language not known yet where it is chosen (an error
 * thrown deep in a handler, written by the error page in the page's language).
 */
export interface Phrase {
  readonly key: MessageKey;
  readonly values?: MessageValues;
}

/** A phrase, its values checked against its message's placeholders. */
export const phrase = <K extends MessageKey>(key: K, ...values: ArgsOf<K>): Phrase =>
  values[0] === undefined ? { key } : { key, values: values[0] };
