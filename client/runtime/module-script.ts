const loading = new Map<string, Promise<void>>();

/**
 * Starts one of the site's hashed module scripts, once however often it is asked for, and
 * resolves when it has run. A script element rather than `import()`: its failed load is an
 * `error` event, which the head script's reload guard sees (client/head/before-paint.js).
 */
export function loadModuleScript(src: string): Promise<void> {
  let loaded = loading.get(src);
  if (!loaded) {
    loaded = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.type = "module";
      script.src = src;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`Failed to load ${src}`));
      document.head.append(script);
    });
    loading.set(src, loaded);
  }
  return loaded;
}
