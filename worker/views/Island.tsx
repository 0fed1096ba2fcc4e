import type { ComponentType } from "react";
import type { IslandName } from "../../shared/modules.ts";

/**
 * Server-renders an island inside a marker element: `name` is its entry in the browser-module
 * manifest (shared/modules.ts), whose loader hydrates only these markers (never the whole page)
 * with the same props, read back from `data-props`, when the island's trigger comes.
 */
export function Island<Props extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<Props>;
  props: Props;
}) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...props} />
    </div>
  );
}
