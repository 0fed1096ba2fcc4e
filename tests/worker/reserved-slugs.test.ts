// The slugs a page may not take are the first parts of the site's own addresses: read from the
// two apps' routes, so that a feature adding an address adds it to the list (shared/slug.ts)
// and the Studio refuses it (tests/node/studio-schema.test.ts keeps the Studio's list the same).
import { describe, expect, it } from "vitest";
import { isSlug, RESERVED_PAGE_SLUGS } from "../../shared/slug.ts";
import { createPrivateApp, createPublicApp } from "../../worker/app.ts";
import { CONTACT_SLUG } from "../../worker/content/paths.ts";

describe("the slugs a page may not take", () => {
  it("are the first parts of the site's own addresses, but the contact page's", () => {
    const site = createPublicApp();
    const firsts = new Set(
      [...site.routes, ...createPrivateApp(site).routes]
        .map((route) => route.path.split("/")[1] ?? "")
        .filter((first) => isSlug(first) && first !== CONTACT_SLUG),
    );
    expect([...RESERVED_PAGE_SLUGS].sort()).toEqual([...firsts].sort());
  });
});
