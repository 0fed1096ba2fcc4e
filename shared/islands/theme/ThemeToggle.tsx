import { useEffect, useState } from "react";
import { applyDark, readColorMode, resolveDark, saveColorMode } from "./color-mode.ts";

export interface ThemeToggleProps {
  /**
   * The button's names in the page's language (the server writes them): before the theme is
   * known, and for each theme it switches to.
   */
  labels: { unknown: string; toLight: string; toDark: string };
}

/**
 * Switches between the light and dark themes. The server cannot know the visitor's theme, so
 * the button renders with a neutral name, which names the theme it switches to once hydrated.
 * It works from the first paint: a press before hydration is held and replayed by the module
 * loader (client/runtime/modules.ts).
 */
export default function ThemeToggle({ labels }: ThemeToggleProps) {
  const [dark, setDark] = useState<boolean | null>(null);

  useEffect(() => {
    setDark(resolveDark(readColorMode()));
    // While the preference is "system", follow the operating system's changes live.
    const query = matchMedia("(prefers-color-scheme: dark)");
    const follow = () => {
      if (readColorMode() !== "system") return;
      applyDark(query.matches);
      setDark(query.matches);
    };
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);

  const toggle = () => {
    // A replayed press can come before the first effect has read the theme.
    const next = !(dark ?? resolveDark(readColorMode()));
    saveColorMode(next ? "dark" : "light");
    applyDark(next);
    setDark(next);
  };

  const label = dark === null ? labels.unknown : dark ? labels.toLight : labels.toDark;

  return (
    <button type="button" onClick={toggle} aria-label={label} title={label} className="icon-button">
      {/* The icon shows the theme the button switches to. */}
      <span aria-hidden="true" className="icon icon-moon dark:hidden" />
      <span aria-hidden="true" className="icon icon-sun hidden dark:inline-block" />
    </button>
  );
}
