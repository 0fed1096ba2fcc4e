import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/config.ts";
import { backoffSeconds } from "../lib/queue.ts";

const retryDelaySeconds = (env: Record<string, string>, attempts: number) =>
  backoffSeconds(loadConfig(env).inquiryRetrySeconds, attempts);

describe("the consumer's backoff", () => {
  it("doubles from INQUIRY_RETRY_SECONDS (30 s by default) up to an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempts) => retryDelaySeconds({}, attempts))).toEqual(
      [30, 60, 120, 240, 480, 960, 1920, 3600, 3600],
    );
    expect(retryDelaySeconds({ INQUIRY_RETRY_SECONDS: "1" }, 3)).toBe(4);
    // A malformed setting falls back to the default rather than retrying at once.
    expect(retryDelaySeconds({ INQUIRY_RETRY_SECONDS: "soon" }, 1)).toBe(30);
  });
});
