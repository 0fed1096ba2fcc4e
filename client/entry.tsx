import "@vitejs/plugin-react/preamble";
import "./styles/app.css";
import { type ComponentType, createElement, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import type { IslandName } from "./islands/island-name.ts";
import Slideshow from "./islands/Slideshow.tsx";
import SlideshowToggle from "./islands/SlideshowToggle.tsx";
import ThemeToggle from "./islands/ThemeToggle.tsx";
import { watchForNewBuilds } from "./runtime/new-build.ts";
import { loadPhotoViewerWhenNeeded } from "./runtime/photo-viewer-loader.ts";
import { startPrefetching } from "./runtime/prefetch.ts";

// A few hundred bytes that every page needs: intent prefetch and new-build detection. A failed
// load of this entry is handled by the inline head script, which reloads once.
startPrefetching();
watchForNewBuilds();
loadPhotoViewerWhenNeeded();

// The islands are bundled with the entry rather than split into chunks of their own: together
// they are about 3 KB, and one file compresses better and loads in one request.
// biome-ignore lint/suspicious/noExplicitAny: island props are whatever the server serialised into data-props
const islands: Record<IslandName, ComponentType<any>> = { Slideshow, SlideshowToggle, ThemeToggle };

// The islands hydrate as a transition: React then works in slices of a few milliseconds in
// later tasks, yielding to the visitor, so hydration never blocks the main thread.
for (const marker of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const Component = islands[marker.dataset.island as IslandName] as ComponentType | undefined;
  if (!Component) continue;
  try {
    const props: unknown = JSON.parse(marker.dataset.props ?? "{}");
    startTransition(() => {
      hydrateRoot(marker, createElement(Component, props as object));
    });
  } catch (error) {
    console.error("Island failed", marker.dataset.island, error);
  }
}
