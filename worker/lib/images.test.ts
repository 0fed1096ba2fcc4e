import { describe, expect, it } from "vitest";
import { cutImage } from "./images.ts";

/** An Images binding that refuses what it is given, as it refuses an original past its limits. */
const refusing = {
  input: () => {
    const image = {
      transform: () => image,
      output: () => Promise.reject(new Error("ImagesError: the image is too large (a test's)")),
    };
    return image;
  },
} as unknown as ImagesBinding;

describe("an image cut from an original", () => {
  it("is a 502 when the Images binding refuses the original, not an exception", async () => {
    const source = new Blob([new Uint8Array(16)]).stream();
    const made = await cutImage(
      refusing,
      source,
      { width: 2048, height: 2048, format: "image/jpeg", quality: 95 },
      { development: false, standIn: undefined },
    );
    expect(made.status).toBe(502);
    expect(await made.text()).not.toContain("too large");
  });
});
