import type { ComponentType } from "react";

/** Island names are the file names under client/islands/ (the client entry loads them by name). */
export type IslandName = "ThemeToggle" | "SlideshowToggle" | "Slideshow";

interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}

/**
 * Server-renders an island inside a marker element. The client entry hydrates only these
 * markers (never the whole page), with the same props, read back from `data-props`.
 */
export function Island<P extends object>({ name, component: Component, props }: IslandProps<P>) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...props} />
    </div>
  );
}
