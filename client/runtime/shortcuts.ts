/** The visitor is typing: a key without a modifier is text, not a shortcut. */
export const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * Whether `event` is one of `keys`: a key ("/") or "Mod+" a key ("Mod+k": ⌘ on a Mac, Ctrl
 * elsewhere). A key without a modifier counts only outside text fields.
 */
export function matchesShortcut(event: KeyboardEvent, keys: readonly string[]): boolean {
  const mod = event.metaKey || event.ctrlKey;
  return keys.some((shortcut) => {
    const key = shortcut.startsWith("Mod+") ? shortcut.slice(4) : undefined;
    if (key !== undefined) return mod && !event.altKey && event.key.toLowerCase() === key;
    return !mod && event.key === shortcut && !isTyping(event.target);
  });
}
