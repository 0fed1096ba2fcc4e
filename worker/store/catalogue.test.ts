import { describe, expect, it } from "vitest";
import type { StoreDocument } from "../content/validate.ts";
import { galleryPriceList } from "../galleries/settings.ts";
import {
  catalogueOf,
  formatAmount,
  galleryOfferFor,
  isForSale,
  minorUnits,
  offerFor,
} from "./catalogue.ts";

const doc = (fields: Partial<StoreDocument> = {}): StoreDocument =>
  ({
    forSale: "all",
    currency: "eur",
    tax: false,
    withdrawn: "refund",
    prints: [
      {
        id: "small",
        name: "Small",
        widthInches: 8,
        heightInches: 10,
        paper: null,
        price: 45,
        fulfilment: "lab",
        labSku: "GLOBAL-FAP-8X10",
        labAttributes: null,
      },
      {
        id: "large",
        name: "Large",
        widthInches: 16,
        heightInches: 20,
        paper: "Matte",
        price: 120.5,
        fulfilment: "owner",
        labSku: null,
        labAttributes: null,
      },
    ],
    licences: [
      {
        id: "personal",
        name: "Personal",
        summary: null,
        price: 25,
        termsUrl: "/licensing",
        longEdge: 2400,
      },
    ],
    shippingRates: [{ id: "standard", name: "Standard", price: 0, minDays: 3, maxDays: 7 }],
    shippingCountries: ["DE", "FR"],
    ...fields,
  }) as StoreDocument;

const photo = (width: number, height: number, forSale?: string) => ({
  asset: {
    _id: "image-a-1x1-jpg",
    url: "https://cdn/x.jpg",
    width,
    height,
    lqip: null,
    color: null,
    altText: null,
    title: null,
    creditLine: null,
  },
  forSale: forSale ?? null,
});

describe("the catalogue", () => {
  it("reads prices into the currency's smallest unit", () => {
    const catalogue = catalogueOf(doc());
    expect(catalogue?.prints.map((print) => print.unitAmount)).toEqual([4500, 12050]);
    expect(catalogue?.shippingRates[0]?.unitAmount).toBe(0);
    expect(minorUnits(1000, "jpy")).toBe(1000);
    expect(minorUnits(0, "eur")).toBeUndefined();
    expect(minorUnits(-1, "eur")).toBeUndefined();
    expect(minorUnits(10_000_000, "eur")).toBeUndefined();
    expect(formatAmount(4500, "eur")).toBe("€45.00");
  });

  it("counts the currencies Stripe counts in thousandths in thousandths, ending in 0", () => {
    // KWD 25.000 is 25000 at Stripe, not 2500: what the visitor reads is what is charged.
    expect(minorUnits(25, "kwd")).toBe(25_000);
    expect(minorUnits(12.345, "bhd")).toBe(12_350);
    expect(formatAmount(25_000, "kwd")).toMatch(/^KWD\s25\.000$/);
    expect(formatAmount(minorUnits(45.5, "eur") ?? 0, "eur")).toBe("€45.50");
    expect(formatAmount(minorUnits(4500, "jpy") ?? 0, "jpy")).toBe("¥4,500");
    // Króna: hundredths at Stripe, and no fraction of one.
    expect(minorUnits(4500.4, "isk")).toBe(450_000);
  });

  it("writes the cents of a currency whose amounts are written without them, where it has some", () => {
    // Stripe counts COP and HUF in hundredths, which the language writes without: a tax or an
    // instalment of 100.40 read as 100 would leave an invoice that does not add up.
    expect(formatAmount(10_040, "cop")).toMatch(/^COP\s100\.40$/);
    expect(formatAmount(10_000, "cop")).toMatch(/^COP\s100$/);
    expect(formatAmount(2_333_334, "huf")).toMatch(/^HUF\s23,333\.34$/);
    expect(formatAmount(4500, "eur")).toBe("€45.00");
  });

  it("leaves out a licence whose terms are neither a page of the site nor a web address", () => {
    const terms = (termsUrl: string) =>
      catalogueOf(
        doc({
          licences: [{ id: "p", name: "P", summary: null, price: 25, termsUrl, longEdge: 2400 }],
        }),
      )?.licences.map((licence) => licence.termsUrl);
    expect(terms("/licensing")).toEqual(["/licensing"]);
    expect(terms("https://example.com/terms")).toEqual(["https://example.com/terms"]);
    for (const bad of ["javascript:alert(1)", "https://exa mple.com/terms", "licensing"]) {
      expect(terms(bad), bad).toEqual([]);
    }
  });

  it("keeps a lab print's options by the lab's names, leaving out malformed ones", () => {
    const framed = (labAttributes: { name: string | null; value: string | null }[] | null) =>
      catalogueOf(
        doc({
          prints: [
            {
              id: "framed",
              name: "Framed",
              widthInches: 16,
              heightInches: 20,
              paper: null,
              price: 180,
              fulfilment: "lab",
              labSku: "GLOBAL-CFPM-16X20",
              labAttributes,
            },
          ],
        }),
      )?.prints[0]?.labAttributes;
    expect(framed([{ name: "color", value: " black " }])).toEqual({ color: "black" });
    expect(
      framed([
        { name: "color", value: "black" },
        { name: "no spaces", value: "x" },
        { name: "wrap", value: "" },
        { name: null, value: "white" },
      ]),
    ).toEqual({ color: "black" });
    expect(framed(null)).toBeUndefined();
    expect(framed([])).toBeUndefined();
  });

  it("leaves out what cannot be sold: no id, a duplicate id, a lab print without its code", () => {
    const catalogue = catalogueOf(
      doc({
        prints: [
          {
            id: "Bad Id",
            name: "x",
            widthInches: 8,
            heightInches: 10,
            paper: null,
            price: 1,
            fulfilment: "owner",
            labSku: null,
            labAttributes: null,
          },
          {
            id: "a",
            name: "A",
            widthInches: 8,
            heightInches: 10,
            paper: null,
            price: 1,
            fulfilment: "lab",
            labSku: null,
            labAttributes: null,
          },
          {
            id: "b",
            name: "B",
            widthInches: 8,
            heightInches: 10,
            paper: null,
            price: 1,
            fulfilment: "owner",
            labSku: null,
            labAttributes: null,
          },
          {
            id: "b",
            name: "B again",
            widthInches: 8,
            heightInches: 10,
            paper: null,
            price: 2,
            fulfilment: "owner",
            labSku: null,
            labAttributes: null,
          },
        ],
      }),
    );
    expect(catalogue?.prints.map((print) => print.name)).toEqual(["B"]);
  });

  it("is no catalogue without a document or a currency", () => {
    expect(catalogueOf(null)).toBeNull();
    expect(catalogueOf(doc({ currency: "EURO" }))).toBeNull();
    // Three letters that name no currency: Stripe would refuse every payment.
    expect(catalogueOf(doc({ currency: "eru" }))).toBeNull();
    expect(catalogueOf(doc({ currency: "jpy" }))?.currency).toBe("jpy");
  });

  it("sells what the owner chose: the default, or the photograph's own say", () => {
    const all = catalogueOf(doc());
    const none = catalogueOf(doc({ forSale: "none" }));
    if (!all || !none) throw new Error("no catalogue");
    expect(isForSale(all, { forSale: null })).toBe(true);
    expect(isForSale(all, { forSale: "no" })).toBe(false);
    expect(isForSale(none, { forSale: "default" })).toBe(false);
    expect(isForSale(none, { forSale: "yes" })).toBe(true);
  });

  it("offers only the sizes the cropped photograph has 150 ppi for", () => {
    const catalogue = catalogueOf(doc());
    if (!catalogue) throw new Error("no catalogue");
    const offer = offerFor(catalogue, photo(2400, 1600));
    expect(offer?.prints.map((print) => print.id)).toEqual(["small"]);
    expect(offer?.tooLarge.map((print) => print.id)).toEqual(["large"]);
    expect(offerFor(catalogue, photo(3000, 2400))?.prints.map((print) => print.id)).toEqual([
      "small",
      "large",
    ]);
    // Cropped to its left 40 %, the same photograph no longer carries 8×10.
    const crop = { _type: "sanity.imageCrop" as const, top: 0, bottom: 0, left: 0, right: 0.6 };
    const cropped = { ...photo(2400, 1600), crop };
    expect(offerFor(catalogue, cropped)?.prints).toEqual([]);
    expect(offerFor(catalogue, photo(2400, 1600, "no"))).toBeUndefined();
  });

  it("offers a gallery's prints from its price list, at its own prices, never a licence", () => {
    const catalogue = catalogueOf(doc());
    if (!catalogue) throw new Error("no catalogue");
    const pixels = { width: 3000, height: 2400 };
    // Every print of the store, at its prices, when the list names none.
    expect(galleryOfferFor(catalogue, [], pixels)?.prints.map((p) => [p.id, p.unitAmount])).toEqual(
      [
        ["small", 4500],
        ["large", 12050],
      ],
    );
    const list = galleryPriceList([
      { product: "large", price: 99 },
      { product: "small" },
      { product: "small", price: 1 },
      { product: "nope", price: 5 },
      { product: "Not An Id" },
    ]);
    expect(list).toEqual([
      { product: "large", price: 99 },
      { product: "small", price: undefined },
      { product: "nope", price: 5 },
    ]);
    const offer = galleryOfferFor(catalogue, list, pixels);
    expect(offer?.prints.map((p) => [p.id, p.unitAmount])).toEqual([
      ["large", 9900],
      ["small", 4500],
    ]);
    expect(offer?.licences).toEqual([]);
    // The sizes the pixels carry; nothing when none fits; a price Stripe would refuse leaves its
    // print out rather than sell it at another.
    expect(
      galleryOfferFor(catalogue, list, { width: 2400, height: 1600 })?.tooLarge.map((p) => p.id),
    ).toEqual(["large"]);
    expect(galleryOfferFor(catalogue, list, { width: 800, height: 600 })).toBeUndefined();
    expect(galleryOfferFor(catalogue, [{ product: "small", price: 0 }], pixels)).toBeUndefined();
  });
});
