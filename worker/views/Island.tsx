import type { ComponentType } from "react";
import type { IslandName } from "../../client/islands/island-name.ts";

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
