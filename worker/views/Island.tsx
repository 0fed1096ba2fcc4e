import { type ComponentType, createElement } from "react";
import { type IslandName, type IslandProps, islands } from "../../client/islands/registry.ts";

/**
 * Server-renders an island inside a marker element. The client entry hydrates only these
 * markers (never the whole page), with the same props, read back from `data-props`.
 */
export function Island<Name extends IslandName>({
  name,
  props,
}: {
  name: Name;
  props: IslandProps<Name>;
}) {
  // The registry is keyed by name and `props` is typed by that name, so they always match;
  // TypeScript cannot follow a generic name into the map, hence the widening.
  const Component = islands[name] as ComponentType<object>;
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      {createElement(Component, props as object)}
    </div>
  );
}
