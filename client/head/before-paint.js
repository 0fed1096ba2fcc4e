// Runs in <head> before the first paint (allowed by its CSP hash, computed at build time):
// applies the saved colour mode so a dark-theme visitor never sees a light flash.
(() => {
  try {
    const root = document.documentElement;
    const mode = localStorage.getItem("color-mode");
    const dark =
      mode === "dark" || (mode !== "light" && matchMedia("(prefers-color-scheme: dark)").matches);
    root.classList.toggle("dark", dark);
    root.style.colorScheme = dark ? "dark" : "light";
  } catch {
    // Storage can be blocked (privacy modes); the page then follows the system theme via CSS.
  }
})();
