/**
 * Memorable gallery passwords, `larch-4821`, for the Studio's "generate" button and the demo
 * gallery of `npm start`. No imports, so Node runs this file as it is.
 */

/**
 * Trees, plants, birds, landscape, weather, stones, colours and animals: lowercase, 3 to 8
 * letters, easy to read out on the phone. 256 of them: one is 8 random bits.
 */
export const WORDS: readonly string[] = `
acacia alder almond apple aspen balsa baobab beech birch cedar cherry cypress elder elm fig fir
hazel hemlock hickory holly juniper larch laurel lemon linden maple medlar myrtle oak olive
palm pear pine plum poplar quince rowan sequoia spruce sumac teak walnut willow yew aster basil
bluebell bramble briar broom campion clover cosmos crocus dahlia daisy fennel fern flax
foxglove freesia gorse heather iris ivy jasmine lilac lily lotus lupin mallow mint moss nettle
orchid peony poppy reed rose sage sedge sorrel tansy thistle thyme tulip vetch violet woad
yarrow zinnia barley millet oat rye wheat robin wren finch lark swift swallow heron crane stork
egret ibis kite hawk falcon eagle owl raven rook jay magpie dove plover curlew dunlin godwit
tern gull puffin gannet petrel osprey merlin kestrel linnet siskin thrush starling oriole
nuthatch warbler bunting pipit wagtail dipper grebe teal wigeon eider goose swan brook creek
river delta fjord glen dale vale moor heath fell tarn loch cove bay reef dune mesa ridge cliff
crag peak summit meadow field grove orchard forest canyon island lagoon harbor shore beach
marsh fen spring stream cloud rain mist fog frost snow hail storm thunder breeze gale dawn dusk
aurora comet star moon amber agate beryl coral flint jade jasper opal pearl quartz ruby slate
topaz garnet onyx granite basalt marble ochre cobalt copper silver bronze azure indigo umber
sienna russet saffron crimson scarlet ivory ebony otter badger beaver hare fox lynx marten
stoat vole deer elk moose bison seal whale orca dolphin salmon trout perch newt gecko
`
  .trim()
  .split(/\s+/);

/** A uniformly random whole number below `bound` (at most 65,536), without modulo bias. */
function randomBelow(bound: number): number {
  const limit = 65_536 - (65_536 % bound);
  for (;;) {
    const [value = 0] = crypto.getRandomValues(new Uint16Array(1));
    if (value < limit) return value % bound;
  }
}

/**
 * A password a client can read off a message and type on a phone: a word and four digits,
 * `larch-4821`. About 21 bits (256 words × 10,000 numbers): with the site's limit of 30 tries a
 * minute per gallery, guessing it takes weeks on average, and the gallery's unguessable link is
 * needed first. The owner may type a longer one instead.
 */
export function memorablePassword(): string {
  const word = WORDS[randomBelow(WORDS.length)];
  const digits = String(randomBelow(10_000)).padStart(4, "0");
  return `${word}-${digits}`;
}
