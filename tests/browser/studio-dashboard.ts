// The Studio's Insights dashboard (studio/insights/InsightsView.tsx) in Chromium, shown a summary
// the site wrote. The Studio around it needs a Sanity login, which cannot be had offline, so the
// view is bundled on its own (Vite, from studio/ with the Studio's own React, @sanity/ui and
// Recharts) and mounted in a blank page inside the Studio's theme, as the tool mounts it.
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { build } from "vite";

const STUDIO = resolve(import.meta.dirname, "../../studio");
const ENTRY = "insights-dashboard";

const ENTRY_SOURCE = `
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { studioTheme, ThemeProvider } from "@sanity/ui";
import { InsightsView } from ${JSON.stringify(resolve(STUDIO, "insights/InsightsView.tsx"))};
createRoot(document.getElementById("root")).render(
  createElement(ThemeProvider, { theme: studioTheme },
    createElement(InsightsView, { summary: window.insightsSummary })),
);
`;

let script: Promise<string> | undefined;

/** The view's bundle, made once per test file. */
function dashboardScript(): Promise<string> {
  script ??= (async () => {
    const output = await build({
      root: STUDIO,
      configFile: false,
      mode: "production",
      logLevel: "warn",
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      // The Studio's tsconfig leaves JSX to Sanity's own build ("preserve").
      oxc: { jsx: { runtime: "automatic", development: false } },
      plugins: [
        {
          name: "insights-dashboard-entry",
          resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : undefined),
          load: (id) => (id === `\0${ENTRY}` ? ENTRY_SOURCE : undefined),
        },
      ],
      build: {
        write: false,
        minify: false,
        rollupOptions: { input: ENTRY, output: { format: "iife" } },
      },
    });
    const [result] = Array.isArray(output) ? output : [output];
    const chunk =
      result && "output" in result
        ? result.output.find((file) => file.type === "chunk" && file.isEntry)
        : undefined;
    if (chunk?.type !== "chunk") throw new Error("The dashboard did not bundle");
    return chunk.code;
  })();
  return script;
}

/** Shows `summary` in the owner's dashboard on `page` (a blank page of its own). */
export async function showDashboard(page: Page, summary: unknown): Promise<void> {
  const code = await dashboardScript();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.setContent('<!doctype html><html lang="en"><body><div id="root"></div></body></html>');
  await page.evaluate((value) => {
    (window as unknown as { insightsSummary: unknown }).insightsSummary = value;
  }, summary);
  await page.addScriptTag({ content: code });
  await page
    .getByRole("heading", { name: "What sells" })
    .waitFor({ timeout: 10_000 })
    .catch((error: unknown) => {
      throw new Error(`The dashboard did not show: ${errors.join("; ") || String(error)}`);
    });
}
