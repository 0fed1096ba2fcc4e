import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { resolveRoutes } from "./register-routes.ts";
import type { RouteDefinition } from "./route-definition.ts";
import { routeMiddlewares } from "./route-middlewares.ts";
import { routes } from "./route-table.ts";

const naming = (...middlewares: string[]): RouteDefinition[] => [
  { name: "x", path: "/x", middlewares, handler: (c) => c.text("x") },
];

describe("the route table", () => {
  it("refuses a route that names an undefined middleware when the table is built", () => {
    expect(() => resolveRoutes(naming("noindex", "nope"), routeMiddlewares)).toThrow(
      "Unknown route middleware: nope",
    );
    expect(() => createApp({ routes: naming("noindex", "nope") })).toThrow(
      "Unknown route middleware: nope",
    );
    // Only the registry's own names count, not what every object inherits.
    expect(() => resolveRoutes(naming("toString"), routeMiddlewares)).toThrow(
      "Unknown route middleware: toString",
    );
  });

  it("builds the real route table", () => {
    expect(resolveRoutes(routes, routeMiddlewares)).toHaveLength(routes.length);
    expect(() => createApp()).not.toThrow();
  });
});
