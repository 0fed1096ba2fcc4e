import "@vitejs/plugin-react/preamble";
import "./styles/app.css";
import { type ComponentType, createElement, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { watchForNewBuilds } from "./builds/new-build.ts";
import { type IslandName, islands } from "./islands/registry.ts";
import { loadInquiryFormWhenPresent } from "./runtime/inquiry-form-loader.ts";
import { loadMorePhotosWhenNeeded, loadSearchOnDemand } from "./runtime/on-demand.ts";
import { loadPhotoViewerWhenNeeded } from "./runtime/photo-viewer-loader.ts";
import { startPrefetching } from "./runtime/prefetch.ts";

// A few hundred bytes that every page needs: intent prefetch and new-build detection. A failed
// load of this entry is handled by the inline head script, which reloads once.
startPrefetching();
watchForNewBuilds();
loadPhotoViewerWhenNeeded();
loadInquiryFormWhenPresent();
loadSearchOnDemand();
loadMorePhotosWhenNeeded();

// The islands are bundled with the entry rather than split into chunks of their own: together
// they are about 3 KB, and one file compresses better and loads in one request.

// The islands hydrate as a transition: React then works in slices of a few milliseconds in
// later tasks, yielding to the visitor, so hydration never blocks the main thread.
for (const marker of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const name = marker.dataset.island;
  // Props are whatever the server serialised for this island (worker/views/Island.tsx).
  const Component = Object.hasOwn(islands, name ?? "")
    ? (islands[name as IslandName] as ComponentType<object>)
    : undefined;
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
