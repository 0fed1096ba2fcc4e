import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { visitorKey } from "./visitor-key.ts";

const app = new Hono().get("/", (c) => c.text(visitorKey(c)));
const keyOf = async (address?: string) =>
  (await app.request("/", { headers: address ? { "CF-Connecting-IP": address } : {} })).text();

describe("a rate limit's visitor", () => {
  it("is an IPv4 address as it is, and an IPv6 one by its /64 however it is written", async () => {
    expect(await keyOf("192.0.2.7")).toBe("192.0.2.7");
    expect(await keyOf("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(await keyOf("2001:db8:1:2::5")).toBe("2001:db8:1:2::/64");
    expect(await keyOf("2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(await keyOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(await keyOf("::1")).toBe("0:0:0:0::/64");
    expect(await keyOf()).toBe("unknown");
  });
});
