// The Studio's booking actions write the owner's request into the booking's copy; a write that
// fails says why in the dialog, and asks nothing of the site, rather than leaving it stuck.
import { describe, expect, it } from "vitest";
import { ask } from "../../studio/bookings/ask.ts";

describe("a booking action's request", () => {
  it("is nothing to say once Sanity has it", async () => {
    expect(await ask(async () => ({ _id: "booking.x" }))).toBeUndefined();
  });

  it("says why it was not saved, and to try again, when the write fails", async () => {
    const said = await ask(() =>
      Promise.reject(new Error('Insufficient permissions; permission "update" required')),
    );
    expect(said).toBe(
      'Not saved (Insufficient permissions; permission "update" required): nothing was asked of the site. Try again.',
    );
  });
});
