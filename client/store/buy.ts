/**
 * A Buy section's "Add to cart" without a reload (worker/store/BuySection.tsx): the form
 * is sent in the background and the worker's answer is said in the section's live region, with
 * a link to the cart; a refusal (a size too large, a quantity out of range) is said there too.
 * Without this script the form posts and the cart's page shows. Anything but the worker's JSON
 * (offline, a gallery's door asking for its password again) sends the plain form instead. Every
 * word shown is the worker's: nothing to translate here. A licence is sold once, so while one is
 * chosen the quantity is 1 and not to be changed (without this script the worker makes it 1).
 */

import { sendForm } from "../runtime/send-form.ts";

interface Added {
  /** False when the line was at its limit already: `message` says so. */
  added: boolean;
  message: string;
  /** How many items the cart holds now, said as the cart link's text. */
  cart: string;
  /** The cart's address in the page's language. */
  cartPath: string;
  /** How many items that is, for the header's cart link. */
  items: number;
}
interface Refused {
  error: string;
}

const FORM = "form[data-buy-form]";

/** The forms on their way: a second press waits for the first answer. */
const sending = new WeakSet<HTMLFormElement>();

async function send(form: HTMLFormElement): Promise<void> {
  const status = form.querySelector<HTMLElement>("[data-buy-status]");
  if (!status || sending.has(form)) return;
  sending.add(form);
  const answer = (await sendForm(form).finally(() => sending.delete(form))) as
    | Added
    | Refused
    | undefined;
  if (!answer) return;
  if ("error" in answer) {
    status.textContent = answer.error;
    return;
  }
  const cart = document.createElement("a");
  cart.href = answer.cartPath;
  cart.className = "buy-cart-link focus-ring";
  cart.textContent = answer.cart;
  status.replaceChildren(`${answer.message} `, cart);
  // The header's cart link shows the count at once; later pages read it from its cookie.
  document.documentElement.dataset.cart = "";
  for (const count of document.querySelectorAll(".cart-count")) {
    count.textContent = String(answer.items);
  }
}

/** The quantity as the chosen product allows: 1, fixed, for a licence. */
function fitQuantity(form: HTMLFormElement): void {
  const quantity = form.querySelector<HTMLInputElement>('input[name="quantity"]');
  if (!quantity) return;
  const licence = Boolean(form.querySelector('input[name="product"][value^="licence:"]:checked'));
  if (licence) quantity.value = "1";
  quantity.disabled = licence;
}

// On the document: a photo page's own form and the copy the viewer shows over a grid alike.
document.addEventListener("change", (event) => {
  const form = (event.target as Element).closest?.(FORM);
  if (form instanceof HTMLFormElement) fitQuantity(form);
});
// A licence chosen before this script came (it loads when a form is focused, in the viewer).
for (const form of document.querySelectorAll<HTMLFormElement>(FORM)) fitQuantity(form);
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches(FORM)) return;
  event.preventDefault();
  void send(form);
});
// Said in the page, as the galleries' hearts say theirs: from here a Buy form answers in place.
document.documentElement.setAttribute("data-buy-live", "");
