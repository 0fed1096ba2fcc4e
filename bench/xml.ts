// Checks XML the way a browser's XML parser does: Chromium's DOMParser rejects anything that
// is not well-formed (unclosed tags, bad entities, a second root), which a regular expression
// would not notice. No XML library is installed, and Chromium is already needed for `bytes`.
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../scripts/chromium.ts";

export interface ParsedXml {
  /** The parser's message when the text is not well-formed XML. */
  error?: string;
  /** Local name and namespace of the root element. */
  root?: { name: string; namespace: string | null };
  /** Text of every element with the given local name, per name asked for. */
  texts: Record<string, string[]>;
  /** How many elements each asked-for local name has. */
  counts: Record<string, number>;
}

/** Parses each text as XML in one Chromium page; `names` are the elements to collect. */
export async function parseXml(texts: string[], names: string[]): Promise<ParsedXml[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    return await page.evaluate(
      ({ texts, names }) =>
        texts.map((text) => {
          const doc = new DOMParser().parseFromString(text, "application/xml");
          const failure = doc.getElementsByTagNameNS("*", "parsererror")[0];
          if (failure) {
            return {
              error: (failure.textContent ?? "").trim().slice(0, 200),
              texts: {},
              counts: {},
            };
          }
          const root = doc.documentElement;
          const found: Record<string, string[]> = {};
          const counts: Record<string, number> = {};
          for (const name of names) {
            const elements = [...doc.getElementsByTagNameNS("*", name)];
            found[name] = elements.map((element) => (element.textContent ?? "").trim());
            counts[name] = elements.length;
          }
          return {
            root: { name: root.localName, namespace: root.namespaceURI },
            texts: found,
            counts,
          };
        }),
      { texts, names },
    );
  } finally {
    await browser.close();
  }
}
