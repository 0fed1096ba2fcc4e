// What the site's languages cost the browser: each browser module and the entry (one file for
// every language: no catalogue is in a bundle), and the words a page carries for its modules in
// each shipped language (worker/views/BrowserMessages.tsx writes them into the page).
import { BROWSER_MESSAGES, type WordyModule } from "../shared/i18n/browser-messages.ts";
import { LANGUAGE_CODES } from "../shared/i18n/languages.ts";
import { CATALOGUES } from "../worker/i18n/catalogues.ts";
import { translator } from "../worker/i18n/translator.ts";
import { moduleAddresses, sizesOf } from "./bytes.ts";
import type { Row } from "./table.ts";

const SECTION = "languages";

/** What a page in one language may carry for the browser at most, gzip. */
const WORDS_BUDGET_BYTES = 1024;

/**
 * The browser modules' words on each kind of page: every page may open the viewer and the
 * search; the contact form, the map and a client gallery add their own.
 */
const PAGE_MODULES: Record<string, readonly WordyModule[]> = {
  "any page": ["photo-viewer", "search"],
  contact: ["photo-viewer", "search", "inquiry-form"],
  map: ["photo-viewer", "search", "map"],
  "client gallery": ["photo-viewer", "gallery-favourites"],
};

/** The JSON scripts a page carries for `modules` in `language`, as the worker writes them. */
const wordsFor = (language: (typeof LANGUAGE_CODES)[number], modules: readonly WordyModule[]) =>
  modules
    .map(
      (module) =>
        `<script type="application/json" data-messages="${module}">${JSON.stringify(
          translator(language).messages(BROWSER_MESSAGES[module]),
        ).replaceAll("<", "\\u003c")}</script>`,
    )
    .join("");

/**
 * The fixed words of every message of every language (text between placeholders) of two words
 * or more: a single word ("photographs") is as likely a name in the code.
 */
const catalogueWords = (): string[] => [
  ...new Set(
    Object.values(CATALOGUES)
      .flatMap((catalogue) => Object.values(catalogue))
      .flatMap((message) => (typeof message === "string" ? [message] : Object.values(message)))
      .flatMap((text) => text.split(/\{\w+\}/))
      .map((text) => text.trim())
      .filter((text) => /\p{L}{2,}\s+\p{L}{2,}/u.test(text)),
  ),
];

export async function languageRows(siteUrl: string): Promise<Row[]> {
  const html = await (await fetch(siteUrl)).text();
  const entry = /<meta name="entry" content="([^"]+)"/.exec(html)?.[1];
  const addresses = await moduleAddresses(siteUrl);
  if (!entry || !addresses) throw new Error("The home page names no entry or no modules");
  const files: [string, string][] = [
    ["entry", entry],
    ["island runtime", addresses.islandRuntime],
    ...Object.entries(addresses.modules),
  ];
  const rows: Row[] = [];
  const bundles: string[] = [];
  for (const [name, path] of files) {
    const res = await fetch(new URL(path, siteUrl));
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    const body = await res.text();
    bundles.push(body);
    rows.push({
      section: SECTION,
      metric: `${name} JS, gzip, every language`,
      value: sizesOf(body).gzip,
      unit: "B",
      note: "one file for all seven languages",
    });
  }
  const words = catalogueWords();
  rows.push({
    section: SECTION,
    metric: "catalogue texts found in the browser's bundles",
    value: words.filter((text) => bundles.some((bundle) => bundle.includes(text))).length,
    unit: "",
    budget: { op: "=", limit: 0 },
    note: `of ${words.length} texts of two words or more in the seven catalogues`,
  });
  for (const language of LANGUAGE_CODES) {
    const pages = Object.entries(PAGE_MODULES).map(
      ([page, modules]) => [page, sizesOf(wordsFor(language, modules)).gzip] as const,
    );
    rows.push({
      section: SECTION,
      metric: `${language}: the browser modules' words on a page, gzip (largest page)`,
      value: Math.max(...pages.map(([, bytes]) => bytes)),
      unit: "B",
      budget: { op: "<=", limit: WORDS_BUDGET_BYTES },
      note: pages.map(([page, bytes]) => `${page} ${bytes} B`).join(", "),
    });
  }
  return rows;
}
