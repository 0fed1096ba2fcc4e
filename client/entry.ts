import "@vitejs/plugin-react/preamble";
import "./styles/app.css";
import { watchForNewBuilds } from "./builds/new-build.ts";
import { startModules } from "./runtime/modules.ts";
import { startPrefetching } from "./runtime/prefetch.ts";

// What every page needs, a few kilobytes without React: intent prefetch, new-build detection
// and the one loader that starts each module of shared/modules.ts (the islands, with React,
// among them) when it is needed. Started by the inline head script after the first paint,
// which also reloads the page once should this fail to load.
startPrefetching();
watchForNewBuilds();
startModules();
