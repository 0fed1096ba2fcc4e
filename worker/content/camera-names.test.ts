import { describe, expect, it } from "vitest";
import { isSlug } from "../../shared/slug.ts";
import { cameraName, cleanExifText, lensName, makerName, nameSlug } from "./camera-names.ts";

describe("camera names", () => {
  it.each([
    ["Canon", "Canon EOS 5D Mark II", "Canon EOS 5D Mark II"],
    ["Canon", "Canon Canon EOS 5D", "Canon EOS 5D"],
    ["Canon", "EOS R5", "Canon EOS R5"],
    ["NIKON CORPORATION", "NIKON D850", "Nikon D850"],
    ["NIKON CORPORATION", "NIKON Z 6_2", "Nikon Z 6_2"],
    ["NIKON", "COOLPIX P7000", "Nikon COOLPIX P7000"],
    ["SONY", "ILCE-7M3", "Sony ILCE-7M3"],
    ["SONY", "DSC-RX100M4", "Sony DSC-RX100M4"],
    ["FUJIFILM", "X-T4", "Fujifilm X-T4"],
    ["OLYMPUS IMAGING CORP.  ", "E-M1MarkII", "Olympus E-M1MarkII"],
    ["OLYMPUS CORPORATION", "OLYMPUS E-M5", "Olympus E-M5"],
    ["RICOH IMAGING COMPANY, LTD.", "RICOH GR III", "Ricoh GR III"],
    ["PENTAX Corporation", "PENTAX K-1", "Pentax K-1"],
    ["Apple", "iPhone 15 Pro", "Apple iPhone 15 Pro"],
    ["Canon ", "Canon EOS 400D DIGITAL\u0000\u0000", "Canon EOS 400D DIGITAL"],
    ["  Canon", "  Canon   EOS  350D  ", "Canon EOS 350D"],
    ["Acme Optical Corporation", "Acme One", "Acme Optical One"],
    ["Zeiss", "ZX1", "Zeiss ZX1"],
  ])("%j + %j → %j", (make, model, expected) => {
    expect(cameraName(make, model)).toBe(expected);
  });

  it("names no camera without a model, and the model alone without a maker", () => {
    expect(cameraName("Canon", "")).toBeUndefined();
    expect(cameraName("Canon", null)).toBeUndefined();
    expect(cameraName(undefined, "X100V")).toBe("X100V");
    expect(cameraName("  ", " DMC-GX8 ")).toBe("DMC-GX8");
  });

  it("keeps the maker when the model is only the maker", () => {
    expect(cameraName("GoPro", "GoPro")).toBe("GoPro");
  });

  it("spells makers as photographers do", () => {
    expect(makerName("NIKON CORPORATION")).toBe("Nikon");
    expect(makerName("SONY")).toBe("Sony");
    expect(makerName("Leica Camera AG")).toBe("Leica");
    expect(makerName("Hasselblad")).toBe("Hasselblad");
    expect(makerName("Widget Imaging Corp.")).toBe("Widget");
    expect(makerName("")).toBeUndefined();
  });
});

describe("lens names", () => {
  it("cleans what cameras write and drops what they write when they do not know", () => {
    expect(lensName("EF24-105mm f/4L IS USM")).toBe("EF24-105mm f/4L IS USM");
    expect(lensName("OLYMPUS M.12-40mm F2.8 ")).toBe("OLYMPUS M.12-40mm F2.8");
    expect(lensName("----")).toBeUndefined();
    expect(lensName("0.0 mm f/0.0")).toBeUndefined();
    expect(lensName("")).toBeUndefined();
    expect(lensName(null)).toBeUndefined();
  });

  it("collapses spaces and NUL padding", () => {
    expect(cleanExifText("  a \u0000 b\tc  ")).toBe("a b c");
  });
});

describe("name slugs", () => {
  it.each([
    ["Canon EOS 5D Mark II", "canon-eos-5d-mark-ii"],
    ["Nikon Z 6_2", "nikon-z-6-2"],
    ["XF16-55mmF2.8 R LM WR", "xf16-55mmf2-8-r-lm-wr"],
    ["EF24-105mm f/4L IS USM", "ef24-105mm-f-4l-is-usm"],
    ["Still life", "still-life"],
    ["Fotografía nocturna", "fotografia-nocturna"],
    ["  --Odd   name--  ", "odd-name"],
  ])("%j → %j", (name, slug) => {
    expect(nameSlug(name)).toBe(slug);
    expect(isSlug(nameSlug(name))).toBe(true);
  });

  it("is empty for a name without letters or digits, and at most 96 characters", () => {
    expect(nameSlug("★★★")).toBe("");
    const long = nameSlug(`${"a".repeat(95)} b`);
    expect(long.length).toBeLessThanOrEqual(96);
    expect(isSlug(long)).toBe(true);
  });
});
