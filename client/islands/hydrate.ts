/**
 * The island runtime: React DOM and the hydration of one marker, loaded with the first island a
 * page needs (client/runtime/modules.ts), never before. An island's component is a module of its
 * own; this is what every island shares.
 */
import {
  type ComponentType,
  createElement,
  type ReactNode,
  startTransition,
  useEffect,
} from "react";
import { hydrateRoot } from "react-dom/client";

/** Tells its caller when the island under it has been committed: it is live from then on. */
function Live({ onLive, children }: { onLive: () => void; children?: ReactNode }) {
  useEffect(() => onLive(), [onLive]);
  return children;
}

/**
 * Hydrates a server-rendered marker (worker/views/Island.tsx) with `component` and the props the
 * server serialised into it. As a transition: React renders in slices of a few milliseconds and
 * yields to the visitor between them. Resolves once the island is live.
 */
export function hydrate(marker: HTMLElement, component: ComponentType<object>): Promise<void> {
  const props = JSON.parse(marker.dataset.props ?? "{}") as object;
  return new Promise((resolve) => {
    startTransition(() => {
      hydrateRoot(
        marker,
        createElement(Live, { onLive: resolve }, createElement(component, props)),
      );
    });
  });
}
