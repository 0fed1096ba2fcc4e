// The Studio in studio/ is installed on its own (its `sanity` package is 600 MB), so these
// checks load its schema files here, with "sanity" resolved to @sanity/types (see
// vitest.node.config.ts), and run Sanity's own schema validation from @sanity/schema: the same
// validateSchema and groupProblems the Studio runs before it shows the schema-errors screen.
import { Rule, Schema } from "@sanity/schema";
import { builtinTypes, groupProblems, validateSchema } from "@sanity/schema/_internal";
import type { SchemaValidationProblemGroup } from "@sanity/types";
import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES, LANGUAGES } from "../../shared/i18n/languages.ts";
import { SUBJECTS as FORM_SUBJECTS } from "../../shared/inquiries.ts";
import { LOCATION_SETTINGS_ID, PRECISION_LABELS, PRECISIONS } from "../../shared/location.ts";
import { DEFAULT_PUBLIC_SIZE, PUBLIC_SIZE_RANGE, zoomReach } from "../../shared/public-size.ts";
import { SHIPPING_COUNTRIES } from "../../shared/shipping-countries.ts";
import {
  isPageSlug,
  isSlug,
  SLUG_MAX_LENGTH as SITE_MAX,
  RESERVED_PAGE_SLUGS as SITE_RESERVED,
  SLUG_PATTERN,
} from "../../shared/slug.ts";
import { hashGalleryPassword } from "../../studio/galleries/password.ts";
import { DOWNLOAD_OPTIONS } from "../../studio/schema/documents/client-gallery.ts";
import { SUBJECTS as STUDIO_SUBJECTS } from "../../studio/schema/documents/inquiry.ts";
import { CONTRACT_FACTS as STUDIO_CONTRACT_FACTS } from "../../studio/schema/documents/session-type.ts";
import {
  isSitePageSlug,
  isSiteSlug,
  RESERVED_PAGE_SLUGS,
  SLUG,
  SLUG_MAX_LENGTH,
} from "../../studio/schema/fields/title-and-slug.ts";
import { arrayType, TRANSLATABLE_TYPES } from "../../studio/schema/fields/translations.ts";
import {
  BOOKING_SETTINGS_ID,
  ownIdTypes,
  SITE_SETTINGS_ID,
  STORE_SETTINGS_ID,
  schemaTypes,
  singletonTypes,
} from "../../studio/schema/index.ts";
import { SITE_LANGUAGES } from "../../studio/schema/languages.ts";
import { isInternalPath } from "../../studio/schema/objects/nav-item.ts";
import { SHIPPING_COUNTRIES as STUDIO_COUNTRIES } from "../../studio/schema/shipping-countries.ts";
import {
  PRECISION_OPTIONS,
  LOCATION_SETTINGS_ID as STUDIO_LOCATION_ID,
} from "../../studio/schema/singletons/location-settings.ts";
import { isCurrency as isStudioCurrency } from "../../studio/schema/singletons/store-settings.ts";
import { CONTRACT_FACTS } from "../../worker/booking/contract.ts";
import { QUESTION_KINDS, STEP_MINUTES } from "../../worker/booking/offer.ts";
import { IN_SITE_PATH } from "../../worker/config/site-defaults.ts";
import { DEFAULT_WATERMARK, parseGallerySettings } from "../../worker/galleries/settings.ts";
import { SUBJECT_LABELS } from "../../worker/inquiries/subjects.ts";
import { isCurrency } from "../../worker/lib/currency.ts";

type Severity = "error" | "warning";

/** Sanity's findings for a list of type definitions, one line each: "where: message". */
function problems(types: unknown[], severity: Severity): string[] {
  const groups: SchemaValidationProblemGroup[] = groupProblems(validateSchema(types).getTypes());
  return groups.flatMap((group) =>
    group.problems
      .filter((problem) => problem.severity === severity)
      .map((problem) => `${describePath(group)}: ${problem.message}`),
  );
}

function describePath(group: SchemaValidationProblemGroup): string {
  return group.path
    .map((segment) => ("name" in segment && segment.name ? segment.name : "?"))
    .join(".");
}

// The types sanity-plugin-internationalized-array adds to the Studio for the translatable types
// (its array of `{value, language}` items per type, as the plugin defines them), which the
// schema's `…Translations` fields use: the plugin itself needs the whole Studio to load.
const translationTypes = TRANSLATABLE_TYPES.flatMap((type) => [
  { name: arrayType(type), type: "array", of: [{ type: `${arrayType(type)}Value` }] },
  {
    name: `${arrayType(type)}Value`,
    type: "object",
    fields: [
      { name: "value", type },
      { name: "language", type: "string" },
    ],
  },
]);
const studioTypes = [...schemaTypes, ...translationTypes];

// As the Studio does: the built-in types (image assets, slugs, …) form the parent schema.
const builtins = Schema.compile({ name: "builtins", types: builtinTypes });
const compiled = Schema.compile({ name: "studio", types: studioTypes, parent: builtins });

interface Definition {
  name?: string;
  type?: string;
  liveEdit?: boolean;
  readOnly?: boolean;
  options?: { hotspot?: boolean; metadata?: string[] };
  fields?: Definition[];
  of?: Definition[];
  initialValue?: unknown;
  description?: string;
  validation?: (rule: unknown) => unknown;
}

/** Every `image` definition in the schema, however deeply nested, with where it is. */
function imageDefinitions(defs: Definition[], where = ""): [string, Definition][] {
  return defs.flatMap((def) => {
    const here = where ? `${where}.${def.name ?? def.type}` : `${def.name ?? def.type}`;
    const own: [string, Definition][] = def.type === "image" ? [[here, def]] : [];
    return [...own, ...imageDefinitions([...(def.fields ?? []), ...(def.of ?? [])], here)];
  });
}

const definitions = schemaTypes as unknown as Definition[];
const definition = (name: string): Definition => {
  const found = definitions.find((def) => def.name === name);
  if (!found) throw new Error(`No type ${name} in the Studio schema`);
  return found;
};
const field = (type: string, name: string): Definition => {
  const found = definition(type).fields?.find((def) => def.name === name);
  if (!found) throw new Error(`No field ${name} in ${type}`);
  return found;
};

/** What a definition's custom rules answer for `value`, one answer a rule, as Sanity asks them. */
const customChecks =
  (def: Definition | undefined) =>
  (value: unknown, context?: unknown): unknown[] => {
    const rule = def?.validation?.(new Rule()) as
      | { _rules: { flag: string; constraint: unknown }[] }
      | undefined;
    return (rule?._rules ?? [])
      .filter((each) => each.flag === "custom")
      .map((each) =>
        (each.constraint as (value: unknown, context: unknown) => unknown)(value, context),
      );
  };

describe("the Studio schema", () => {
  it("passes Sanity's schema validation without errors or warnings", () => {
    // toEqual([]) prints every finding when there are some.
    expect(problems(studioTypes, "error")).toEqual([]);
    expect(problems(studioTypes, "warning")).toEqual([]);
  });

  it("compiles on top of Sanity's built-in types", () => {
    for (const name of [
      "page",
      "post",
      "gallery",
      "richText",
      "siteSettings",
      "clientGallery",
      "galleryPassword",
      "gallerySelection",
      "galleryStats",
    ]) {
      expect(compiled.has(name), name).toBe(true);
    }
  });

  describe("the validation used above reports a broken schema", () => {
    it("a field without a type", () => {
      const broken = [{ name: "broken", type: "document", fields: [{ name: "title" }] }];
      expect(problems(broken, "error")).toEqual([
        expect.stringContaining("Type is missing a type"),
      ]);
    });

    it("two types of the same name", () => {
      const twice = [
        ...studioTypes,
        { name: "post", type: "object", fields: [{ name: "a", type: "string" }] },
      ];
      expect(problems(twice, "error")).toEqual([
        expect.stringContaining('A type with name "post" is already defined'),
      ]);
    });

    it("a field of a type that does not exist", () => {
      const broken = [
        { name: "broken", type: "document", fields: [{ name: "body", type: "richTexts" }] },
      ];
      expect(problems(broken, "error")).toEqual([
        expect.stringContaining("Unknown type: richTexts"),
      ]);
    });
  });

  it("has the site settings fields the site reads", () => {
    const names = compiled.get("siteSettings").fields.map((f: { name: string }) => f.name);
    expect(names).toEqual([
      "language",
      "languages",
      "title",
      "titleTranslations",
      "brand",
      "description",
      "descriptionTranslations",
      "ownerName",
      "email",
      "socialLinks",
      "navigation",
      "intro",
      "introTranslations",
      "names",
      "socialImage",
      "licenseUrl",
      "licensePage",
      "timeZone",
      "publicSize",
      "zoom",
      "galleries",
    ]);
  });

  it("keeps the galleries' watermark and e-mail settings where the worker reads them", () => {
    const galleries = field("siteSettings", "galleries");
    const names = (def: Definition | undefined) => (def?.fields ?? []).map((each) => each.name);
    expect(names(galleries)).toContain("mailFirstOpened");
    const watermark = galleries.fields?.find((each) => each.name === "watermark");
    expect(names(watermark)).toEqual(["image", "text", "position", "size", "opacity"]);
    expect(watermark?.fields?.[0]?.type).toBe("image");
    const logo = "image-459f75729a7f1c6771b8b79b65db92bade8e7632-512x512-png";
    const read = (mark: Record<string, unknown>, more: Record<string, unknown> = {}) =>
      parseGallerySettings({ _type: "clientGallery" }, { galleries: { watermark: mark, ...more } });
    const image = { _type: "image", asset: { _type: "reference", _ref: logo } };
    // The image alone, the image and a line of text, and an image that is not an asset's.
    expect(read({ image })?.watermark).toMatchObject({ image: logo, text: "" });
    expect(read({ image, text: "PROOF" })?.watermark).toMatchObject({ image: logo, text: "PROOF" });
    expect(read({ image: { asset: { _ref: "../x" } } })?.watermark).toEqual(DEFAULT_WATERMARK);
    expect(read({}, { mailFirstOpened: true })?.mailFirstOpened).toBe(true);
    expect(read({})?.mailFirstOpened).toBe(false);
    // The words a gallery's reminders open with, blank ones left out.
    expect(names(galleries)).toEqual(expect.arrayContaining(["expiryMessage", "printsMessage"]));
    expect(read({}, { expiryMessage: " Dear Ana, ", printsMessage: "  " })?.reminderWords).toEqual({
      expiry: "Dear Ana,",
      prints: undefined,
    });
  });

  it("requires none of the site settings, as the site has a default for each", () => {
    for (const def of definition("siteSettings").fields ?? []) {
      const rule = def.validation?.(new Rule()) as { isRequired(): boolean } | undefined;
      expect(rule?.isRequired() ?? false, def.name).toBe(false);
    }
  });

  it("keeps the site settings, the store and the booking hours in one document each, whose id the site reads", () => {
    expect(SITE_SETTINGS_ID).toBe("siteSettings");
    expect(STORE_SETTINGS_ID).toBe("storeSettings");
    expect(BOOKING_SETTINGS_ID).toBe("bookingSettings");
    expect([...singletonTypes]).toEqual(["siteSettings", "storeSettings", "bookingSettings"]);
  });

  it("takes a booking window only when it ends after it starts (00:00: the day's end), as the site reads one", () => {
    const window = (field("bookingSettings", "weeklyHours").of ?? [])[0];
    const check = (from: string, to: string) => customChecks(window)({ weekday: 5, from, to });
    expect(check("09:00", "17:30")).toEqual([true]);
    expect(check("20:00", "00:00")).toEqual([true]);
    expect(check("20:00", "02:00")[0]).toMatch(/^“To” must come after “From”/);
    expect(check("10:00", "10:00")[0]).toMatch(/^“To” must come after “From”/);
  });

  it("offers the booking choices the worker takes: how questions are answered, how often slots start", () => {
    const steps = field("bookingSettings", "stepMinutes").options as { list: { value: number }[] };
    expect(steps.list.map((choice) => choice.value)).toEqual([...STEP_MINUTES]);
    const questions = field("sessionType", "questionnaire") as unknown as {
      of: { fields: { name: string; options?: { list: { value: string }[] } }[] }[];
    };
    const kind = questions.of[0]?.fields.find((def) => def.name === "kind");
    expect(kind?.options?.list.map((choice) => choice.value)).toEqual([...QUESTION_KINDS]);
  });

  it("lets a contract's template name only the facts the worker fills in", () => {
    expect([...STUDIO_CONTRACT_FACTS]).toEqual([...CONTRACT_FACTS]);
    const check = customChecks(field("sessionType", "contract"));
    expect(check("Between {photographer} and {client}, for {licence}.")).toEqual([true]);
    expect(check("On {date} at {time}, {client}")).toEqual([
      "Not a fact the site fills in: {time}",
    ]);
  });

  it("asks a questionnaire for ids of their own, and a choice for its choices, as the worker needs", () => {
    const questionnaire = field("sessionType", "questionnaire") as Definition & {
      of: { fields: Definition[] }[];
    };
    const ids = customChecks(questionnaire);
    expect(ids([{ id: "place" }, { id: "day" }])).toEqual([true]);
    expect(ids([{ id: "place" }, { id: "place" }])).toEqual([
      "Each question needs an id of its own",
    ]);
    const choices = customChecks(questionnaire.of[0]?.fields.find((def) => def.name === "choices"));
    expect(choices(["Studio", "Outdoors"], { parent: { kind: "choice" } })).toEqual([true]);
    expect(choices(undefined, { parent: { kind: "text" } })).toEqual([true]);
    expect(choices([], { parent: { kind: "choice" } })).toEqual([
      "A question answered with a choice needs its choices",
    ]);
  });

  it("names the store's choices as the worker reads them", () => {
    const forSale = field("storeSettings", "forSale").options as { list: { value: string }[] };
    expect(forSale.list.map((choice) => choice.value)).toEqual(["all", "none"]);
    const photo = field("gallery", "images") as unknown as {
      of: { fields: { name: string; options?: { list: { value: string }[] } }[] }[];
    };
    const override = photo.of[0]?.fields.find((def) => def.name === "forSale");
    expect(override?.options?.list.map((choice) => choice.value)).toEqual(["default", "yes", "no"]);
  });

  it("bounds the public size and names the zoom's choices as shared/public-size.ts reads them", () => {
    const size = field("siteSettings", "publicSize");
    const rule = size.validation?.(new Rule()) as {
      _rules: { flag: string; constraint: unknown }[];
    };
    const bound = (flag: string) => rule._rules.find((each) => each.flag === flag)?.constraint;
    expect([bound("min"), bound("max")]).toEqual([PUBLIC_SIZE_RANGE.min, PUBLIC_SIZE_RANGE.max]);
    expect(size.description).toContain(String(DEFAULT_PUBLIC_SIZE));
    const values = (def: Definition | undefined) =>
      (def?.options as { list: { value: string }[] } | undefined)?.list.map((each) => each.value);
    expect(values(field("siteSettings", "zoom"))).toEqual(["public", "original"]);
    const photo = field("gallery", "images") as unknown as { of: { fields: Definition[] }[] };
    const own = photo.of[0]?.fields.find((def) => def.name === "zoom");
    expect(values(own)).toEqual(["default", "public", "original"]);
    expect(zoomReach("original", ["default", "public"])).toBe("public");
  });

  it("starts the navigation with Home, Contact and Portfolio, then Photos", () => {
    const items = field("siteSettings", "navigation").initialValue as {
      _key: string;
      _type: string;
      label: string;
      path: string;
    }[];
    expect(items.map(({ label, path }) => [label, path])).toEqual([
      ["Home", "/"],
      ["Contact", "/contact"],
      ["Portfolio", "/portfolio"],
      ["Photos", "/photos"],
    ]);
    for (const item of items) {
      expect(item._type).toBe("navItem");
      expect(isInternalPath(item.path)).toBe(true);
    }
    expect(new Set(items.map((item) => item._key)).size).toBe(items.length);
  });

  it.each(["/", "/contact", "/portfolio", "/post/some-slug", "/rss.xml", "/terms_of-use.pdf"])(
    "accepts the navigation path %j, as the site does",
    (path) => {
      expect(isInternalPath(path)).toBe(true);
      expect(IN_SITE_PATH.test(path)).toBe(true);
    },
  );

  it.each([
    "",
    "contact",
    "//example.com",
    "https://example.com/",
    "/contact/",
    "/Contact",
    "/a//b",
    "/../etc",
    "/a b",
    "/contact?x=1",
  ])("refuses the navigation path %j, as the site does", (path) => {
    expect(isInternalPath(path)).toBe(false);
    expect(IN_SITE_PATH.test(path)).toBe(false);
  });

  it("asks Sanity for the metadata the site uses on every photograph, and never the location of any image", () => {
    const images = imageDefinitions(definitions);
    expect(images.map(([where]) => where).sort()).toEqual([
      "gallery.images.image",
      "inquiry.photo.image",
      "post.mainImage",
      "richText.image",
      "siteSettings.galleries.watermark.image",
      "siteSettings.socialImage",
    ]);
    // The watermark's image is a logo, drawn whole by the upload command: Sanity's defaults.
    const [, logo] = images.find(([where]) => where.endsWith("watermark.image")) ?? [];
    expect(logo?.options).toBeUndefined();
    for (const [where, image] of images.filter(([, each]) => each !== logo)) {
      expect(image.options?.hotspot, where).toBe(true);
      expect(image.options?.metadata, where).toEqual(
        expect.arrayContaining(["lqip", "palette", "exif", "image"]),
      );
      expect(image.options?.metadata, where).not.toContain("location");
    }
  });
});

// The Studio schema is installed on its own, so it cannot import the worker's slug rule; this
// keeps the two the same, so the Studio never accepts a slug the site answers 404.
describe("the Studio's slug rule", () => {
  it("is the site's rule", () => {
    expect(SLUG.source).toBe(SLUG_PATTERN.source);
    expect(SLUG.flags).toBe(SLUG_PATTERN.flags);
    expect(SLUG_MAX_LENGTH).toBe(SITE_MAX);
  });

  it.each([
    "contact",
    "autumn-in-the-basque-mountains",
    "Contact",
    "a--b",
    "-a",
    "a_b",
    "",
    "a".repeat(96),
    "a".repeat(97),
  ])("agrees with the site on %j", (slug) => {
    expect(isSiteSlug(slug)).toBe(isSlug(slug));
  });

  it.each(["contact", "portfolio", "map", "photos", "post", "de", "ar", "404", "g", "Map"])(
    "agrees with the site on the page slug %j (the site's own addresses refused)",
    (slug) => {
      expect(RESERVED_PAGE_SLUGS).toEqual(SITE_RESERVED);
      expect(isSitePageSlug(slug)).toBe(isPageSlug(slug));
    },
  );
});

// A currency the Studio saves is one the site sells in and Stripe takes: not any three letters.
describe("the Store's currency rule", () => {
  it.each(["eur", "usd", "jpy", "kwd", "eru", "EUR", "euro", "btc"])(
    "agrees with the site on %j",
    (currency) => {
      expect(isStudioCurrency(currency)).toBe(isCurrency(currency));
    },
  );

  it("refuses a typo that names no currency", () => {
    expect(isStudioCurrency("eru")).toBe(false);
    expect(isStudioCurrency("eur")).toBe(true);
  });
});

// The inquiry's subjects: the form sends a value, the Studio shows its title and the owner's
// e-mail the same words. One list in each package (the Studio cannot import the site's code);
// this keeps them the same, words included.
describe("the Studio's inquiry subjects", () => {
  it("are the contact form's, in the same order with the same words", () => {
    expect(STUDIO_SUBJECTS.map(({ value, title }) => ({ value, label: title }))).toEqual(
      FORM_SUBJECTS.map((value) => ({ value, label: SUBJECT_LABELS[value] })),
    );
  });
});

// Product ids: a discount code's "Only for" names products by id alone.
describe("the Studio's products", () => {
  it("refuse a licence with a print's id", () => {
    const check = customChecks(field("storeSettings", "licences"));
    const document = { prints: [{ id: "fine-art-8x10" }, { id: "standard" }] };
    expect(check([{ id: "personal" }], { document })).toEqual([true]);
    expect(String(check([{ id: "standard" }, { id: "personal" }], { document }))).toMatch(
      /standard/,
    );
    expect(check(undefined, { document })).toEqual([true]);
  });
});

// Shipping countries: a code Stripe does not know makes it refuse every checkout with a print.
describe("the Studio's shipping countries", () => {
  it("are the ones the store sends to Stripe, and a look-alike such as UK is refused as typed", () => {
    expect([...STUDIO_COUNTRIES]).toEqual([...SHIPPING_COUNTRIES]);
    // The rule's own check, as Sanity runs it on each tag the owner types.
    const check = customChecks(field("storeSettings", "shippingCountries").of?.[0]);
    expect(check("GB")).toEqual([true]);
    expect(check(undefined)).toEqual([true]);
    for (const typed of ["UK", "EU", "CU", "gb"]) expect(String(check(typed)), typed).toMatch(/GB/);
  });
});

// The site's languages: the Studio stores a value, the site has its words in it.
describe("the Studio's languages", () => {
  it("are the site's, in the same order, each named as its speakers write it", () => {
    expect(SITE_LANGUAGES).toEqual(
      LANGUAGE_CODES.map((value) => ({ value, title: LANGUAGES[value].name })),
    );
  });

  it("give each translatable field its translations beside it, of the same type", () => {
    const translated: Record<string, string[]> = {
      page: ["title", "description", "body"],
      post: ["title", "excerpt", "body"],
      siteSettings: ["title", "description", "intro"],
    };
    for (const [type, names] of Object.entries(translated)) {
      const fields = compiled.get(type).fields as { name: string; type: { name: string } }[];
      const typeOf = (name: string) => fields.find((field) => field.name === name)?.type.name;
      for (const name of names) {
        const own = typeOf(name) as (typeof TRANSLATABLE_TYPES)[number];
        expect(TRANSLATABLE_TYPES, `${type}.${name}`).toContain(own);
        expect(typeOf(`${name}Translations`), `${type}.${name}`).toBe(arrayType(own));
      }
    }
  });
});

// The location levels: the Studio stores a value, the rule (shared/location.ts) reads it.
describe("the Studio's location levels", () => {
  it("are the rule's, in the same order with the same words, in a private document", () => {
    expect(PRECISION_OPTIONS).toEqual(
      PRECISIONS.map((value) => ({ value, title: PRECISION_LABELS[value] })),
    );
    expect(STUDIO_LOCATION_ID).toBe(LOCATION_SETTINGS_ID);
    // A "." makes it a path: a public dataset shows it to no request without a token.
    expect(LOCATION_SETTINGS_ID).toContain(".");
  });
});

// A client gallery's document is the contract between the Studio, which the owner fills in, and
// the worker, which reads it (worker/galleries/settings.ts) and writes favourites and counts
// back into it (docs/galleries.md, "The gallery document").
describe("the client gallery document", () => {
  const fieldNames = (type: string) => (definition(type).fields ?? []).map((def) => def.name);

  it("has the fields of docs/galleries.md, in the order the owner fills them in", () => {
    expect(fieldNames("clientGallery")).toEqual([
      "title",
      "cover",
      "clientName",
      "clientEmail",
      "password",
      "expiresAt",
      "enabled",
      "stage",
      "downloads",
      "favouritesLimit",
      "prints",
      "printList",
      "selections",
      "stats",
      "activity",
    ]);
    expect(fieldNames("galleryPrint")).toEqual(["product", "price"]);
    expect(fieldNames("galleryPassword")).toEqual(["algorithm", "iterations", "salt", "hash"]);
    expect(fieldNames("gallerySelection")).toEqual([
      "client",
      "photos",
      "note",
      "sentAt",
      "updatedAt",
    ]);
    expect(fieldNames("galleryStats")).toEqual(["opened", "downloads", "lastOpenedAt"]);
    expect(fieldNames("galleryActivity")).toEqual([
      "at",
      "kind",
      "client",
      "detail",
      "devices",
      "device",
    ]);
  });

  it("is saved as it is edited, without drafts, since the site reads the document itself", () => {
    expect(definition("clientGallery").liveEdit).toBe(true);
  });

  it("is read by the site field by field, as the Studio writes them", async () => {
    const password = await hashGalleryPassword("larch-4821");
    const settings = parseGallerySettings({
      _id: "clientGallery.3kqv7mzt2h4xw5nrbd6yq2acpe",
      _type: "clientGallery",
      title: "Ana & Luis, 14 June",
      clientName: "Ana Ruiz",
      clientEmail: "ana@example.com",
      password,
      expiresAt: "2027-01-31T23:59:59.000Z",
      enabled: false,
      downloads: "2048",
      favouritesLimit: 40,
      stage: "proofing",
    });
    const { _type, ...hash } = password;
    expect(settings).toEqual({
      title: "Ana & Luis, 14 June",
      clientName: "Ana Ruiz",
      clientEmail: "ana@example.com",
      password: hash,
      passwordUnreadable: false,
      expiresAt: Date.parse("2027-01-31T23:59:59.000Z"),
      enabled: false,
      downloads: "2048",
      favouritesLimit: 40,
      stage: "proofing",
      // The owner's proofing settings are the site settings' (none given here: the defaults).
      proofDownloads: "off",
      watermark: DEFAULT_WATERMARK,
      ownerEmail: undefined,
      mailFirstOpened: false,
      expiryReminders: false,
      reminderWords: { expiry: undefined, prints: undefined },
      activityDays: 180,
    });
  });

  it("offers exactly the download choices the site knows, each read as itself", () => {
    expect(DOWNLOAD_OPTIONS.map((option) => option.value)).toEqual(["original", "2048", "off"]);
    for (const { value } of DOWNLOAD_OPTIONS) {
      const settings = parseGallerySettings({ _type: "clientGallery", downloads: value });
      expect(settings?.downloads, value).toBe(value);
    }
  });

  it("starts open, with originals to download, as a new document the site reads", () => {
    expect(field("clientGallery", "enabled").initialValue).toBe(true);
    expect(field("clientGallery", "downloads").initialValue).toBe("original");
    const initial = Object.fromEntries(
      (definition("clientGallery").fields ?? [])
        .filter((def) => def.initialValue !== undefined)
        .map((def) => [def.name, def.initialValue]),
    );
    const settings = parseGallerySettings({ _type: "clientGallery", ...initial });
    expect(settings).toMatchObject({ enabled: true, downloads: "original", password: undefined });
  });

  it("requires a title and a download choice, and nothing else the owner may leave out", () => {
    const required = (definition("clientGallery").fields ?? [])
      .filter((def) => {
        const rule = def.validation?.(new Rule()) as { isRequired(): boolean } | undefined;
        return rule?.isRequired() ?? false;
      })
      .map((def) => def.name);
    expect(required).toEqual(["title", "downloads"]);
  });

  it("leaves what the site writes read-only", () => {
    expect(field("clientGallery", "selections").readOnly).toBe(true);
    expect(field("clientGallery", "stats").readOnly).toBe(true);
    for (const def of definition("galleryPassword").fields ?? []) {
      expect(def.readOnly, def.name).toBe(true);
    }
  });

  it("is made only from its own list, which gives it its id, and never duplicated", () => {
    expect([...ownIdTypes]).toEqual(["clientGallery"]);
    expect(singletonTypes.has("clientGallery")).toBe(false);
  });
});

describe("the Studio's lists", () => {
  type Prepare = (value: Record<string, unknown>) => { subtitle?: string };
  const prepare = (type: string) =>
    (definition(type) as unknown as { preview: { prepare: Prepare } }).preview.prepare;

  it("give each date on the editor's own calendar, not UTC's", () => {
    // New Year's Day 2037 begins at 11:00 UTC on 31 December 2036 in Auckland.
    const newYear = "2036-12-31T11:00:00.000Z";
    const zone = process.env.TZ;
    process.env.TZ = "Pacific/Auckland";
    try {
      for (const [type, value] of [
        ["clientGallery", { expiresAt: newYear }],
        ["inquiry", { receivedAt: newYear }],
        ["order", { paidAt: newYear }],
        ["gallerySelection", { sentAt: newYear }],
        ["post", { publishedAt: newYear }],
      ] as const) {
        expect(prepare(type)(value).subtitle, type).toContain("2037-01-01");
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
