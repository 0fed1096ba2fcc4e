import { describe, expect, it } from "vitest";
import { icsCalendar } from "./ics.ts";

describe("a booking's iCalendar file", () => {
  it("has lines of at most 75 octets, each ending with CRLF, the last too, in any script", () => {
    const ics = icsCalendar("https://photos.example", [
      {
        uid: "b1",
        start: Date.UTC(2027, 0, 8, 10),
        end: Date.UTC(2027, 0, 8, 11),
        summary: "Portrait session, an hour in the studio with a change of clothes and light",
        location: "Müllerstraße 12, Hinterhaus, 3. Stock links, 80469 München, Deutschland",
        description: "撮影のご予約ありがとうございます。当日は十分前にお越しください。".repeat(3),
      },
    ]);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const lines = ics.slice(0, -2).split("\r\n");
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    const octets = lines.map((line) => new TextEncoder().encode(line).length);
    expect(Math.max(...octets)).toBeLessThanOrEqual(75);
    // Unfolded, the text is whole.
    expect(ics.replaceAll("\r\n ", "")).toContain(
      `DESCRIPTION:${"撮影のご予約ありがとうございます。当日は十分前にお越しください。".repeat(3)}`,
    );
  });
});
