import { describe, expect, it } from "vitest";
import { translator } from "../i18n/translator.ts";
import { aperture, cameraDetails, focalLength, shutterSpeed } from "./camera-details.ts";

const en = translator("en");

describe("camera details as photographers write them", () => {
  it.each([
    [1 / 250, "1/250 s"],
    [1 / 4000, "1/4000 s"],
    [0.004, "1/250 s"],
    [0.4, "0.4 s"],
    [2, "2 s"],
    [30, "30 s"],
  ])("a shutter speed of %s s is %s", (seconds, written) => {
    expect(shutterSpeed(en, seconds)).toBe(written);
  });

  it("writes aperture, focal length and ISO the usual way", () => {
    expect(aperture(en, 5.6)).toBe("ƒ/5.6");
    expect(aperture(en, 8)).toBe("ƒ/8");
    expect(aperture(en, 3.5000001)).toBe("ƒ/3.5");
    expect(focalLength(en, 35)).toBe("35 mm");
    expect(focalLength(en, 4.5)).toBe("4.5 mm");
  });

  it("names the camera and lens as photographers do, linked to their pages", () => {
    expect(
      cameraDetails(en, {
        image: { Make: "NIKON CORPORATION", Model: "NIKON D850 " },
        exif: { LensModel: "AF-S NIKKOR 70-200mm f/2.8E FL ED VR" },
      }),
    ).toEqual([
      { label: "Camera", value: "Nikon D850", href: "/camera/nikon-d850" },
      {
        label: "Lens",
        value: "AF-S NIKKOR 70-200mm f/2.8E FL ED VR",
        href: "/lens/af-s-nikkor-70-200mm-f-2-8e-fl-ed-vr",
      },
    ]);
    expect(cameraDetails(en, { image: { Make: "Leica", Model: null } })).toEqual([]);
  });

  it("lists what is known, in order, and leaves out what is not (zeros included)", () => {
    expect(
      cameraDetails(en, {
        image: { Make: "Canon", Model: "Canon EOS 400D DIGITAL" },
        exif: {
          FNumber: 3.5,
          ExposureTime: 0.4,
          FocalLength: 18,
          ISO: 100,
          LensModel: "EF-S 18-55mm",
          DateTimeOriginal: "2008-04-20T19:12:06.000Z",
        },
      }),
    ).toEqual([
      { label: "Camera", value: "Canon EOS 400D DIGITAL", href: "/camera/canon-eos-400d-digital" },
      { label: "Lens", value: "EF-S 18-55mm", href: "/lens/ef-s-18-55mm" },
      { label: "Focal length", value: "18 mm" },
      { label: "Aperture", value: "ƒ/3.5" },
      { label: "Shutter speed", value: "0.4 s" },
      { label: "ISO", value: "ISO 100" },
      { label: "Taken", value: "20 April 2008" },
    ]);
    expect(
      cameraDetails(en, { exif: { FNumber: 0, FocalLength: 0, ExposureTime: 1 / 4000, ISO: 100 } }),
    ).toEqual([
      { label: "Shutter speed", value: "1/4000 s" },
      { label: "ISO", value: "ISO 100" },
    ]);
    expect(cameraDetails(en, null)).toEqual([]);
    expect(cameraDetails(en, { exif: null, image: { Make: " ", Model: null } })).toEqual([]);
  });
});
