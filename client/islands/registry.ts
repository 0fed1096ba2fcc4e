import type { ComponentProps } from "react";
import Slideshow from "./slideshow/Slideshow.tsx";
import SlideshowToggle from "./slideshow/SlideshowToggle.tsx";
import ThemeToggle from "./theme/ThemeToggle.tsx";

/**
 * Every island, by the name its server-rendered marker carries: the worker renders an island
 * by name inside a marker (worker/views/Island.tsx) and the client entry hydrates each marker
 * with the component of that name (client/entry.tsx). Adding an island is adding it here.
 */
export const islands = { Slideshow, SlideshowToggle, ThemeToggle };

export type IslandName = keyof typeof islands;

/** The props of an island, as the server serialises them into its marker. */
export type IslandProps<Name extends IslandName> = ComponentProps<(typeof islands)[Name]>;
