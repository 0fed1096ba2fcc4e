import type { ReactNode } from "react";
import { useI18n } from "../views/i18n.tsx";

/** One line of the cart as the page shows it. */
export interface CartRow {
  /** "photo|kind:product", what the update form sends back. */
  line: string;
  photoTitle: string;
  photoPath: string;
  /** A small square of the photograph, when it is still offered. */
  thumbnail?: string | undefined;
  productName: string;
  kind: "print" | "licence";
  quantity: number;
  /** Unit price and line total, formatted; absent when the item is no longer offered. */
  price?: string;
  total?: string;
}

const panel = "mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8";
const heading =
  "font-serif text-4xl tracking-tight text-balance text-neutral-950 sm:text-5xl dark:text-white";

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className={panel}>
      <div className="panel px-5 py-10 sm:px-10 sm:py-12 lg:px-12">
        <h1 className={heading}>{title}</h1>
        {children}
      </div>
    </article>
  );
}

/** A line's photograph (a link to its page) and the product, as the cart and an order show it. */
function Item({
  path,
  title,
  product,
  thumbnail,
  children,
}: {
  path: string;
  title: string;
  product: string;
  thumbnail?: string | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="store-item">
      {thumbnail && (
        <img
          src={thumbnail}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          className="store-item-image"
        />
      )}
      <div>
        <a href={path} className="focus-ring rounded-sm underline underline-offset-4">
          {title}
        </a>
        <br />
        <span className="text-sm">{product}</span>
        {children}
      </div>
    </div>
  );
}

/** The cart: its lines with quantities (one form), the subtotal and the checkout button. */
export function CartView({
  rows,
  subtotal,
  notice,
  remind = false,
  code,
}: {
  rows: CartRow[];
  subtotal: string | undefined;
  notice?: string;
  /** The owner sends a cart left behind by e-mail to a buyer who asks for it here. */
  remind?: boolean;
  /** The discount code the cart takes to checkout (typed before, or from an e-mail's link). */
  code?: string | undefined;
}) {
  const available = rows.filter((row) => row.price !== undefined);
  const { t } = useI18n();
  return (
    <Panel title={t("cart.title")}>
      {notice && (
        <p className="store-notice" role="status">
          {notice}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="mt-6">
          {t("cart.empty")} <strong>{t("buy.title")}</strong>.
        </p>
      ) : (
        <>
          <form method="post" action="/cart" className="mt-6">
            <table className="store-table">
              <caption className="sr-only">{t("cart.caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("cart.item")}</th>
                  <th scope="col">{t("cart.quantity")}</th>
                  <th scope="col">{t("cart.price")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={row.line}>
                    <td>
                      <Item
                        path={row.photoPath}
                        title={row.photoTitle}
                        product={row.productName}
                        thumbnail={row.thumbnail}
                      >
                        {row.price === undefined && (
                          <span className="block text-sm font-medium">
                            {t("cart.noLongerOffered")}
                          </span>
                        )}
                        {/* Under the line's name, not a column of its own: a phone's row has
                            room for the name beside the quantity and the price. */}
                        <button
                          type="submit"
                          name="remove"
                          value={row.line}
                          className="store-link focus-ring mt-1 block text-sm"
                        >
                          {t("cart.remove")}
                          <span className="sr-only">
                            {" "}
                            {row.productName}, {row.photoTitle}
                          </span>
                        </button>
                      </Item>
                      <input type="hidden" name={`line.${index}`} value={row.line} />
                    </td>
                    <td>
                      {row.kind === "licence" ? (
                        <>
                          1<input type="hidden" name={`quantity.${index}`} value="1" />
                        </>
                      ) : (
                        <input
                          type="number"
                          name={`quantity.${index}`}
                          min={0}
                          max={10}
                          defaultValue={row.quantity}
                          aria-label={t("cart.quantityOf", {
                            product: row.productName,
                            photo: row.photoTitle,
                          })}
                          className="store-quantity"
                        />
                      )}
                    </td>
                    <td>{row.total ?? "–"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-4">
              <button type="submit" className="store-secondary focus-ring">
                {t("cart.update")}
              </button>
            </p>
          </form>
          {subtotal && available.length > 0 && (
            <form method="post" action="/cart/checkout" className="mt-8">
              <p className="text-lg">
                {t("cart.subtotal")} <strong>{subtotal}</strong>
              </p>
              <p className="mt-1 text-sm">{t("cart.checkoutNote")}</p>
              <p className="mt-4">
                <label className="block text-sm" htmlFor="cart-code">
                  {t("cart.code.label")}
                </label>
                <input
                  id="cart-code"
                  name="code"
                  defaultValue={code ?? ""}
                  autoComplete="off"
                  autoCapitalize="characters"
                  maxLength={40}
                  className="store-input mt-1 uppercase"
                />
              </p>
              {remind && (
                <p className="mt-4">
                  <label className="block text-sm" htmlFor="cart-remind">
                    {t("cart.remind.label")}
                  </label>
                  <input
                    id="cart-remind"
                    type="email"
                    name="email"
                    autoComplete="email"
                    maxLength={254}
                    aria-describedby="cart-remind-note"
                    className="store-input mt-1"
                  />
                  <span id="cart-remind-note" className="mt-1 block text-sm">
                    {t("cart.remind.note")}
                  </span>
                </p>
              )}
              <p className="mt-4">
                <button type="submit" className="store-primary focus-ring">
                  {t("cart.checkout")}
                </button>
              </p>
            </form>
          )}
        </>
      )}
    </Panel>
  );
}

/** A refused change to the cart: what was wrong, and the way back. */
export function StoreMessage({
  title,
  message,
  back,
}: {
  title: string;
  message: string;
  back: { href: string; label: string };
}) {
  return (
    <Panel title={title}>
      <p className="mt-4 text-lg">{message}</p>
      <p className="mt-8">
        <a href={back.href} className="focus-ring rounded-sm underline underline-offset-4">
          {back.label}
        </a>
      </p>
    </Panel>
  );
}

export interface OrderViewProps {
  reference: string;
  status: string;
  statusText: string;
  rows: {
    name: string;
    photoTitle: string;
    photoPath: string;
    quantity: number;
    total: string;
    download?: ReactNode;
  }[];
  totals: { label: string; amount: string }[];
  shipTo?: string[];
  email?: string | null;
  /** Where the prints are, and their tracking link once shipped. */
  shipping?: { text: string; trackingUrl?: string };
  /**
   * Looks again this often (a payment on its way): the page's script updates it in place and
   * says the new status; without JavaScript, a meta refresh in the head reloads it.
   */
  refreshSeconds?: number;
}

/** An order's own page: what was bought, where it stands, and the downloads of its licences. */
export function OrderView(props: OrderViewProps) {
  const { t } = useI18n();
  return (
    <Panel title={t("order.title", { reference: props.reference })}>
      <p
        className="mt-4 text-lg"
        role="status"
        data-order-status={props.status}
        data-order-refresh={props.refreshSeconds}
      >
        {props.statusText}
      </p>
      <div data-order-details>
        {props.shipping && (
          <p className="mt-2" data-order-shipping>
            {props.shipping.text}{" "}
            {props.shipping.trackingUrl && (
              <a
                href={props.shipping.trackingUrl}
                className="focus-ring rounded-sm underline underline-offset-4"
              >
                {t("order.track")}
              </a>
            )}
          </p>
        )}
        <table className="store-table mt-6">
          <caption className="sr-only">{t("order.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("cart.item")}</th>
              <th scope="col">{t("cart.quantity")}</th>
              <th scope="col">{t("cart.price")}</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={`${row.photoPath}|${row.name}`}>
                <td>
                  <Item path={row.photoPath} title={row.photoTitle} product={row.name} />
                  {row.download}
                </td>
                <td>{row.quantity}</td>
                <td>{row.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="store-totals mt-4">
          {props.totals.map((total) => (
            <div key={total.label}>
              <dt>{total.label}</dt>
              <dd>{total.amount}</dd>
            </div>
          ))}
        </dl>
        {props.shipTo && (
          <>
            <h2 className="mt-8 font-serif text-2xl">{t("order.shipTo")}</h2>
            <p className="mt-2">
              {props.shipTo.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </p>
          </>
        )}
        {props.email && (
          <p className="mt-6 text-sm">{t("order.confirmation", { email: props.email })}</p>
        )}
        <p className="mt-6 text-sm">{t("order.keep")}</p>
      </div>
    </Panel>
  );
}
