/**
 * The islands by the name their server-rendered markers carry: the worker renders each one
 * inside a marker (worker/views/Island.tsx), and the client entry hydrates the marker with the
 * component of that name.
 */
export type IslandName = "Slideshow" | "SlideshowToggle" | "ThemeToggle";
