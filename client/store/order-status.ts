/**
 * An order's page while it waits (a payment on its way, a licence's check): it looks again as
 * often as the worker asks (`data-order-refresh`, worker/store/order-page.tsx) and changes in
 * place: the new status said in its live region, the rest (the download links once they are
 * ready) replaced only when it changed, the header's cart link as the order now leaves it. The
 * focus and the place in the page stay where the visitor left them. Without this script a meta
 * refresh reloads the page, which sends a screen reader back to its top each time. Every word
 * shown is the worker's.
 */

const STATUS = "[data-order-status]";
const DETAILS = "[data-order-details]";
const CART_LINK = "[data-cart-link]";
/** After an answer that is not the order's page (offline, a limit), the wait doubles up to this. */
const LONGEST_WAIT_S = 60;

async function orderPage(): Promise<Document | undefined> {
  try {
    const response = await fetch(location.href, { cache: "no-store", credentials: "same-origin" });
    if (!response.ok) return undefined;
    return new DOMParser().parseFromString(await response.text(), "text/html");
  } catch {
    return undefined; // Offline, or the answer broke off: looked for again later.
  }
}

/** The header's cart link as the page now has it: a paid order has emptied the cart. */
function showCart(page: Document): void {
  const link = document.querySelector<HTMLElement>(CART_LINK);
  const next = page.querySelector<HTMLElement>(CART_LINK);
  if (!link || !next) return;
  if (next.dataset.items) link.dataset.items = next.dataset.items;
  else {
    delete link.dataset.items;
    // The head script's count, from the cookie the paid order has cleared.
    delete document.documentElement.dataset.cart;
  }
  const count = link.querySelector(".cart-count");
  const nextCount = next.querySelector(".cart-count");
  if (count && nextCount) count.textContent = nextCount.textContent;
}

function lookAgain(status: HTMLElement, seconds: number): void {
  setTimeout(async () => {
    const page = await orderPage();
    const next = page?.querySelector<HTMLElement>(STATUS);
    const details = document.querySelector(DETAILS);
    const nextDetails = page?.querySelector(DETAILS);
    if (!page || !next || !details || !nextDetails) {
      lookAgain(status, Math.min(seconds * 2, LONGEST_WAIT_S));
      return;
    }
    if (status.textContent !== next.textContent) status.textContent = next.textContent;
    status.dataset.orderStatus = next.dataset.orderStatus ?? "";
    if (details.innerHTML !== nextDetails.innerHTML) {
      details.replaceWith(document.importNode(nextDetails, true));
    }
    showCart(page);
    const again = Number(next.dataset.orderRefresh);
    if (again > 0) lookAgain(status, again);
    else delete status.dataset.orderRefresh;
  }, seconds * 1_000);
}

const waiting = document.querySelector<HTMLElement>(`${STATUS}[data-order-refresh]`);
const seconds = Number(waiting?.dataset.orderRefresh);
if (waiting && seconds > 0) lookAgain(waiting, seconds);
