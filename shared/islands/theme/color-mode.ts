/** The visitor's colour-mode preference, as stored and as applied to <html>. */
export type ColorMode = "light" | "dark" | "system";

export const COLOR_MODE_KEY = "color-mode";

export function readColorMode(): ColorMode {
  try {
    const value = localStorage.getItem(COLOR_MODE_KEY);
    return value === "light" || value === "dark" ? value : "system";
  } catch {
    return "system";
  }
}

export function saveColorMode(mode: ColorMode): void {
  try {
    localStorage.setItem(COLOR_MODE_KEY, mode);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

export const systemPrefersDark = () => matchMedia("(prefers-color-scheme: dark)").matches;

export function resolveDark(mode: ColorMode): boolean {
  return mode === "dark" || (mode === "system" && systemPrefersDark());
}

/** The same effect as client/head/before-paint.js, for changes after load. */
export function applyDark(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
}
