import "@vitejs/plugin-react/preamble";
import "./styles/app.css";
import { type ComponentType, createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { watchForNewBuilds } from "./runtime/new-build.ts";
import { startPrefetching } from "./runtime/prefetch.ts";
import { watchChunkErrors } from "./runtime/reload-once.ts";

// S5–S7: a few hundred bytes that every page needs, so they live in the entry.
watchChunkErrors();
startPrefetching();
watchForNewBuilds();

// Each island is its own chunk, loaded only when the page has its marker.
// biome-ignore lint/suspicious/noExplicitAny: island props are whatever the server serialised into data-props
type IslandModule = { default: ComponentType<any> };
const islands = import.meta.glob<IslandModule>("./islands/*.tsx");

async function hydrateIsland(marker: HTMLElement): Promise<void> {
  const load = islands[`./islands/${marker.dataset.island}.tsx`];
  if (!load) return;
  // A failed import reaches Vite's `vite:preloadError` first (watchChunkErrors reloads once).
  const { default: Component } = await load();
  const props: unknown = JSON.parse(marker.dataset.props ?? "{}");
  hydrateRoot(marker, createElement(Component, props as object));
}

for (const marker of document.querySelectorAll<HTMLElement>("[data-island]")) {
  hydrateIsland(marker).catch((error: unknown) => console.error("Island failed", error));
}
