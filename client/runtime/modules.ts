import type { ComponentType } from "react";
import { afterLoadAndIdle } from "../../shared/browser/after-load.ts";
import {
  BROWSER_MODULES,
  type BrowserModule,
  MODULE_ADDRESSES_ID,
  type ModuleAddresses,
  type Trigger,
} from "../../shared/modules.ts";
import { loadModuleScript } from "./module-script.ts";
import { matchesShortcut } from "./shortcuts.ts";

/**
 * The one loader of the browser modules in shared/modules.ts: each module is fetched and run
 * when the first of its triggers happens, and never before. An island's component and the
 * island runtime (React) load together, then each of its markers is hydrated. A press or
 * shortcut that triggered a module is held until the module is ready, then replayed, so a
 * server-rendered control works from the first paint.
 */

/** Undoes what arming a trigger did (its listeners, its observer, its timer). */
type Disarm = () => void;
/** What a trigger reports: that it happened, with the held event to replay once ready. */
type Fire = (replay?: () => void) => void;

const islandSelector = (name: string) => `[data-island="${name}"]`;

/** Whether `target` is in an element matching `selector`. */
const within = (target: EventTarget | null, selector: string) =>
  target instanceof Element && target.closest(selector) !== null;

/** A press that triggered a module's load: held, then clicked again once the module is ready. */
function onPress(selector: string, fire: Fire): Disarm {
  const listener = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    if (!(event.target instanceof HTMLElement) || !within(event.target, selector)) return;
    const target = event.target;
    event.preventDefault();
    event.stopImmediatePropagation();
    fire(() => target.click());
  };
  document.addEventListener("click", listener, true);
  return () => document.removeEventListener("click", listener, true);
}

function onKeys(keys: readonly string[], fire: Fire): Disarm {
  const listener = (event: KeyboardEvent) => {
    if (!matchesShortcut(event, keys)) return;
    const target = event.target ?? document;
    const init: KeyboardEventInit = {
      key: event.key,
      code: event.code,
      metaKey: event.metaKey,
      ctrlKey: event.ctrlKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      bubbles: true,
      cancelable: true,
    };
    event.preventDefault();
    event.stopImmediatePropagation();
    fire(() => target.dispatchEvent(new KeyboardEvent("keydown", init)));
  };
  addEventListener("keydown", listener, true);
  return () => removeEventListener("keydown", listener, true);
}

/** Listens on the document for `types`, firing when one happens in `selector`. */
function onEvents(types: string[], selector: string, fire: Fire): Disarm {
  const listener = (event: Event) => {
    if (within(event.target, selector)) fire();
  };
  for (const type of types)
    document.addEventListener(type, listener, { capture: true, passive: true });
  return () => {
    for (const type of types) document.removeEventListener(type, listener, { capture: true });
  };
}

function onVisible(selector: string, fire: Fire): Disarm {
  const elements = document.querySelectorAll(selector);
  if (elements.length === 0) return () => {};
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) fire();
  });
  for (const element of elements) observer.observe(element);
  return () => observer.disconnect();
}

/** Arms one trigger; `own` is the selector of the module's own markers (islands). */
function arm(trigger: Trigger, own: string | undefined, fire: Fire): Disarm {
  switch (trigger.on) {
    case "present":
      if (document.querySelector(trigger.selector)) fire();
      return () => {};
    case "visible":
      return onVisible(trigger.selector, fire);
    case "intent":
      return onEvents(
        ["pointerover", "focusin", "touchstart"],
        trigger.selector ?? own ?? "",
        fire,
      );
    case "press":
      return onPress(trigger.selector ?? own ?? "", fire);
    case "keys":
      return onKeys(trigger.keys, fire);
    case "focus":
      // A box given the focus before this script ran (autofocus) sends no focusin now.
      if (document.activeElement?.closest(trigger.selector)) fire();
      return onEvents(["focusin"], trigger.selector, fire);
    case "idle":
      return afterLoadAndIdle(() => fire(), trigger.delay ?? 0);
  }
}

/** Loads an island's component with the island runtime, then hydrates its markers in turn. */
async function hydrateIsland(markers: HTMLElement[], src: string, runtime: string): Promise<void> {
  await Promise.all([loadModuleScript(runtime), loadModuleScript(src)]);
  // Both have run: importing them again only hands over their exports.
  const [{ hydrate }, { default: component }] = (await Promise.all([
    import(/* @vite-ignore */ runtime),
    import(/* @vite-ignore */ src),
  ])) as [typeof import("../islands/hydrate.ts"), { default: ComponentType<object> }];
  for (const marker of markers) {
    try {
      await hydrate(marker, component);
      // Live from now on: what tests and styles can tell a hydrated island by.
      marker.dataset.live = "";
    } catch (error) {
      console.error("Island failed", marker.dataset.island, error);
    }
  }
}

/** Arms every trigger of one module; the first to fire loads it, and replays what it held. */
function watch(name: string, module: BrowserModule, src: string, runtime: string): void {
  const markers =
    module.kind === "island"
      ? [...document.querySelectorAll<HTMLElement>(islandSelector(name))]
      : [];
  // An island is only ever needed where the server rendered one.
  if (module.kind === "island" && markers.length === 0) return;
  const held: (() => void)[] = [];
  let disarms: Disarm[] = [];
  let started = false;
  const ready = () => {
    for (const disarm of disarms) disarm();
    disarms = [];
    for (const replay of held.splice(0)) replay();
  };
  const fire: Fire = (replay) => {
    if (replay) held.push(replay);
    if (started) return;
    started = true;
    const loaded =
      module.kind === "island" ? hydrateIsland(markers, src, runtime) : loadModuleScript(src);
    // Ready or not, what was held is replayed: should the module have failed, a link is followed.
    loaded.catch((error: unknown) => console.error("Module failed", name, error)).finally(ready);
  };
  const own = module.kind === "island" ? islandSelector(name) : undefined;
  for (const trigger of module.load) {
    disarms.push(arm(trigger, own, fire));
    // Fired while arming (an element is present): the later triggers are not needed.
    if (started) break;
  }
}

function readAddresses(): ModuleAddresses | undefined {
  try {
    const text = document.getElementById(MODULE_ADDRESSES_ID)?.textContent;
    return text ? (JSON.parse(text) as ModuleAddresses) : undefined;
  } catch {
    return undefined;
  }
}

/** Arms every module of the manifest that has an address in this page. */
export function startModules(): void {
  const addresses = readAddresses();
  if (!addresses) return;
  for (const [name, module] of Object.entries(BROWSER_MODULES) as [string, BrowserModule][]) {
    const src = addresses.modules[name as keyof ModuleAddresses["modules"]];
    if (src) watch(name, module, src, addresses.islandRuntime);
  }
}
