import { loadModuleScript } from "./module-script.ts";

/**
 * Loads the photo viewer only where it is needed: on a photo page at once (the viewer opens
 * over it), and on pages with photograph links once the first of them comes into view
 * (focusing one scrolls it into view too). Pages without photographs never download it, and a
 * click before it arrives simply opens the photo page. The viewer's hashed address is in the
 * page's `<meta name="photo-viewer">`.
 */
export function loadPhotoViewerWhenNeeded(): void {
  const links = document.querySelectorAll("a[data-photo]");
  const src = document.querySelector<HTMLMetaElement>('meta[name="photo-viewer"]')?.content;
  if (!src) return;
  if (document.querySelector("main [data-photo-view]")) {
    loadModuleScript(src);
    return;
  }
  if (links.length === 0) return;
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    loadModuleScript(src);
  });
  for (const link of links) observer.observe(link);
}
