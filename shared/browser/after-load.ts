/**
 * Runs `callback` once the page has loaded, the browser is next idle and `delay` ms have
 * passed: for work nobody is waiting for, so it never competes with the page's own loading.
 * Returns a function that cancels it.
 */
export function afterLoadAndIdle(callback: () => void, delay: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  const idle = window.requestIdleCallback ?? setTimeout;
  const start = () =>
    idle(() => {
      if (!cancelled) timer = setTimeout(callback, delay);
    });
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
  return () => {
    cancelled = true;
    clearTimeout(timer);
    removeEventListener("load", start);
  };
}
