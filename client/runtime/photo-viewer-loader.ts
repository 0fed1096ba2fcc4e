import { loadModuleScript } from "./module-script.ts";

/**
 * Loads the photo viewer only on pages with photograph links, once the first of them comes into
 * view (focusing one scrolls it into view too): pages without photographs never download it,
 * and a click before it arrives simply opens the photo page. A photo page itself needs no
 * viewer. The viewer's hashed address is in the page's `<meta name="photo-viewer">`.
 */
export function loadPhotoViewerWhenNeeded(): void {
  const links = document.querySelectorAll("a[data-photo]");
  const src = document.querySelector<HTMLMetaElement>('meta[name="photo-viewer"]')?.content;
  if (!src || links.length === 0 || document.querySelector("[data-photo-view]")) return;
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    loadModuleScript(src);
  });
  for (const link of links) observer.observe(link);
}
