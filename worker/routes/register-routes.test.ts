import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { DISCOVERY_ROUTES } from "../discovery/routes.ts";
import { INQUIRY_ROUTES } from "../inquiries/routes.ts";
import { PAGE_ROUTES } from "../pages/routes.ts";
import { PHOTO_ROUTES } from "../photo-viewer/routes.ts";
import { resolveRoutes, routesApp } from "./register-routes.ts";
import type { RouteDefinition } from "./route-definition.ts";
import { routeMiddlewares } from "./route-middlewares.ts";

const naming = (...middlewares: string[]): RouteDefinition[] => [
  { name: "x", path: "/x", middlewares, handler: (c) => c.text("x") },
];

describe("a feature's route table", () => {
  it("refuses a route that names an undefined middleware when the table is built", () => {
    expect(() => resolveRoutes(naming("noindex", "nope"), routeMiddlewares)).toThrow(
      "Unknown route middleware: nope",
    );
    expect(() => routesApp(naming("noindex", "nope"))).toThrow("Unknown route middleware: nope");
    // Only the registry's own names count, not what every object inherits.
    expect(() => resolveRoutes(naming("toString"), routeMiddlewares)).toThrow(
      "Unknown route middleware: toString",
    );
  });

  it("builds every feature's table into the app, each route once", () => {
    const tables = [PAGE_ROUTES, PHOTO_ROUTES, DISCOVERY_ROUTES, INQUIRY_ROUTES];
    const names = tables.flat().map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    const registered = new Set(
      createApp()
        .routes.filter((route) => route.method === "GET")
        .map((route) => route.path),
    );
    for (const route of tables.flat()) expect(registered, route.name).toContain(route.path);
  });
});
