import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_ENTRY, clientInputs } from "../../build/build-info-plugin.ts";
import { BROWSER_MODULES, type BrowserModule, ISLAND_RUNTIME } from "../../shared/modules.ts";

// The browser-module manifest (shared/modules.ts) is data that the build, the worker and the
// loader all trust: these checks keep it true to the files it names.

const ROOT = resolve(import.meta.dirname, "../..");
const modules = Object.entries(BROWSER_MODULES) as [string, BrowserModule][];

describe("the browser-module manifest", () => {
  it("names files that exist", () => {
    for (const [name, module] of modules) {
      expect(existsSync(resolve(ROOT, module.entry)), name).toBe(true);
    }
    expect(existsSync(resolve(ROOT, ISLAND_RUNTIME))).toBe(true);
  });

  it("names, for each island, a component its marker can be hydrated with", () => {
    for (const [name, module] of modules.filter(([, m]) => m.kind === "island")) {
      expect(module.entry, name).toMatch(/\.tsx$/);
      expect(readFileSync(resolve(ROOT, module.entry), "utf8"), name).toMatch(
        /^export default function \w+\(/m,
      );
    }
  });

  it("gives every module a trigger, and a trigger without a selector only to an island", () => {
    for (const [name, module] of modules) {
      expect(module.load.length, name).toBeGreaterThan(0);
      for (const trigger of module.load) {
        if ((trigger.on === "intent" || trigger.on === "press") && !trigger.selector) {
          expect(module.kind, `${name}: ${trigger.on} on its own markers`).toBe("island");
        }
      }
    }
  });

  it("is what the build takes as its inputs, after the entry and the island runtime", () => {
    expect(clientInputs()).toEqual([
      CLIENT_ENTRY,
      ISLAND_RUNTIME,
      ...modules.map(([, module]) => module.entry),
    ]);
    expect(new Set(clientInputs()).size).toBe(clientInputs().length);
  });
});
