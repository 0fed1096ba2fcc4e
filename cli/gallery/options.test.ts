// The command line of `npm run gallery`, refused before anything is read or sent when wrong.
import { describe, expect, it } from "vitest";
import { UsageError } from "../lib/usage.ts";
import { parseGalleryArgs } from "./options.ts";

const ID = "3kqv7mzt2h4xw5nrbd6yq2acpe";
const parse = (...argv: string[]) => parseGalleryArgs(argv, "/home/ana/shoots");

describe("parseGalleryArgs", () => {
  it("reads an upload with its defaults, paths from where the command was typed", () => {
    expect(parse("upload", "ana-luis", "/tmp/extra.jpg", "--gallery", ID)).toEqual({
      command: "upload",
      paths: ["/home/ana/shoots/ana-luis", "/tmp/extra.jpg"],
      gallery: ID,
      remote: undefined,
      concurrency: 3,
      dryRun: false,
    });
  });

  it("takes the gallery's whole link for its id, and the site's origin for --remote", () => {
    const options = parse(
      "remove",
      "a.jpg",
      "--gallery",
      `https://photos.example.com/g/${ID}`,
      "--remote",
      "https://photos.example.com/some/page",
      "--concurrency",
      "8",
      "--dry-run",
    );
    expect(options).toMatchObject({
      command: "remove",
      gallery: ID,
      remote: "https://photos.example.com",
      concurrency: 8,
      dryRun: true,
    });
  });

  it.each([
    [["a.jpg", "--gallery", ID], "Unknown command"],
    [["upload", "--gallery", ID], "Name the folder or files to upload"],
    [["upload", "a.jpg"], "--gallery <id> is required"],
    [["upload", "a.jpg", "--gallery", "3KQV7MZT"], "is not a gallery id"],
    [["upload", "a.jpg", "--gallery", ID, "--remote", "ftp://example.com"], "http(s)"],
    [["upload", "a.jpg", "--gallery", ID, "--remote", "https://me:pw@example.com"], "user name"],
    [["upload", "a.jpg", "--gallery", ID, "--concurrency", "0"], "from 1 to 16"],
    [["upload", "a.jpg", "--gallery", ID, "--token=sk-secret"], "never from the command line"],
    [["upload", "a.jpg", "--gallery", ID, "--colour"], "Unknown option"],
  ])("refuses %j", (argv, message) => {
    expect(() => parse(...argv)).toThrow(UsageError);
    expect(() => parse(...argv)).toThrow(message);
  });

  it("never repeats a token given on the command line", () => {
    expect(() => parse("upload", "a.jpg", "--token", "sk-secret-123")).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("sk-secret-123") }),
    );
  });
});
