/**
 * A client gallery's hearts, at once: a heart's form (worker/galleries/GalleryView.tsx) is
 * sent in the background and the heart, its form and the count change as soon as the gallery's
 * store says the favourite is kept, never before. Without this script each heart is a plain
 * form that comes back to the same place. Where the server refuses (the owner's limit, nobody
 * named yet), its message is shown and the client's name field gets the focus when it is asked
 * for.
 */

import { formatNumber } from "../../shared/i18n/format.ts";
import { messagesFor } from "../runtime/messages.ts";
import { sendForm } from "../runtime/send-form.ts";

const { t } = messagesFor("gallery-favourites");

interface Saved {
  saved: true;
  favourite: boolean;
  count: number;
}
interface Refused {
  error: string;
  needsClient?: boolean;
}

/**
 * Says why a heart was refused next to that heart (over its photograph in the grid, on the
 * stage in the viewer), one notice at a time, gone with the next press.
 */
const clearNotices = () => {
  for (const old of document.querySelectorAll("[data-favourite-status]")) old.remove();
};

function announce(form: HTMLFormElement, text: string): void {
  clearNotices();
  const host = form.closest(".gallery-item, .photo-stage") ?? form.parentElement;
  if (!host) return;
  const status = document.createElement("p");
  status.setAttribute("role", "status");
  status.dataset.favouriteStatus = "";
  status.className = "gallery-notice gallery-heart-notice";
  host.append(status);
  // Written once the region is in the page, so that assistive technology reads it out.
  requestAnimationFrame(() => {
    status.textContent = text;
  });
}

function setCount(count: number): void {
  for (const element of document.querySelectorAll("[data-favourite-count]")) {
    element.textContent = formatNumber(document.documentElement.lang || "en", count);
  }
  // "1 favourite", "2 favourites": the words after the number follow it.
  for (const words of document.querySelectorAll<HTMLElement>("[data-favourite-words]")) {
    const limit = Number(
      words.closest<HTMLElement>("[data-favourite-limit]")?.dataset.favouriteLimit,
    );
    words.textContent = limit
      ? t("gallery.favouritesOf", { count, limit })
      : t("gallery.favourites", { count });
  }
  // Sending the selection, and downloading it, are offered once there is one.
  for (const element of document.querySelectorAll<HTMLElement>(
    "form[data-gallery-send], [data-favourite-downloads]",
  )) {
    element.hidden = count === 0;
  }
}

const HEART = "form[data-favourite-form]";

/** What the store said of each photograph since this page was loaded. */
const known = new Map<string, boolean>();

const photoOf = (form: HTMLFormElement) =>
  form.querySelector<HTMLInputElement>('input[name="photo"]')?.value;

/** A heart's form as the store now has it: pressed or not, and what pressing it next asks. */
function show(form: HTMLFormElement, favourite: boolean): void {
  const button = form.querySelector<HTMLButtonElement>("button");
  const next = form.querySelector<HTMLInputElement>('input[name="favourite"]');
  if (!button || !next) return;
  button.setAttribute("aria-pressed", String(favourite));
  if (button.title) button.title = favourite ? t("gallery.favourite") : t("gallery.markFavourite");
  next.value = favourite ? "false" : "true";
  // The heart names its photograph (data-name, worker/galleries/Heart.tsx).
  const label = button.querySelector<HTMLElement>(".sr-only");
  if (label) {
    const name = label.dataset.name ?? "";
    label.textContent = favourite
      ? t("gallery.removeFromFavourites", { name })
      : t("gallery.addToFavourites", { name });
  }
}

/**
 * Hearts whose press is on its way: a second press waits for the answer. Never `disabled`, which
 * would take the focus from the heart (and, in the viewer, the arrow keys from the dialog).
 */
const sending = new WeakSet<HTMLFormElement>();

async function send(form: HTMLFormElement): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>("button");
  if (!button || sending.has(form)) return;
  sending.add(form);
  // The last refusal is over once another heart is pressed, whatever this one's answer.
  clearNotices();
  button.setAttribute("aria-disabled", "true");
  const answer = (await sendForm(form).finally(() => {
    sending.delete(form);
    button.removeAttribute("aria-disabled");
  })) as Saved | Refused | undefined;
  if (!answer) return;
  if (!("saved" in answer)) {
    announce(form, answer.error);
    if (answer.needsClient)
      document.querySelector<HTMLInputElement>("#gallery-client-email")?.focus();
    return;
  }
  // Every heart of this photograph says it: the grid's and the open viewer's, and any shown
  // later from a copy of its page made before (the viewer keeps the pages it fetched).
  const photo = photoOf(form);
  if (photo) known.set(photo, answer.favourite);
  for (const each of document.querySelectorAll<HTMLFormElement>(HEART)) {
    if (photoOf(each) === photo) show(each, answer.favourite);
  }
  setCount(answer.count);
}

/** Hearts that come into the page later (the viewer's copy of a photo page) say what is known. */
function keepShown(): void {
  new MutationObserver((records) => {
    if (known.size === 0) return;
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const forms = node.matches(HEART) ? [node] : node.querySelectorAll(HEART);
        for (const form of forms) {
          const photo = photoOf(form as HTMLFormElement);
          const favourite = photo === undefined ? undefined : known.get(photo);
          if (favourite !== undefined) show(form as HTMLFormElement, favourite);
        }
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}

function enhanceFavourites(root: Element): void {
  root.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches(HEART)) return;
    event.preventDefault();
    void send(form);
  });
}

enhanceFavourites(document.documentElement);
keepShown();
// Said in the page, as a hydrated island's marker says `data-live`: from here a heart answers
// at once.
document.querySelector("[data-gallery]")?.setAttribute("data-favourites-live", "");
