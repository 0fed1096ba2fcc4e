import { MIN_PRINT_PPI } from "../../../shared/print-resolution.ts";
import { useI18n } from "../i18n.tsx";

export interface BuyOption {
  /** "print:{id}" or "licence:{id}", what the form sends. */
  value: string;
  name: string;
  /** The price as the visitor reads it. */
  price: string;
  /** Paper, size, the file's size: a line under the name. */
  note?: string;
  /** A licence's terms page. */
  terms?: string;
}

export interface BuySectionProps {
  /** Where the form posts (the cart). */
  action: string;
  /** The photograph's reference (shared/inquiries.ts). */
  photo: string;
  prints: BuyOption[];
  licences: BuyOption[];
  /** Print sizes left out for want of pixels. */
  tooLarge: string[];
}

/**
 * A photograph's Buy section: a plain form (it works without JavaScript) with one choice per
 * print size the photograph carries and per licence, a quantity and "Add to cart". It sends the
 * photograph and the product's id only; the worker prices everything from the catalogue.
 */
export function BuySection({ action, photo, prints, licences, tooLarge }: BuySectionProps) {
  const { t } = useI18n();
  const first = prints[0]?.value ?? licences[0]?.value;
  const option = (item: BuyOption) => (
    <li key={item.value}>
      <label className="buy-option">
        <input
          type="radio"
          name="product"
          value={item.value}
          required
          defaultChecked={item.value === first}
        />
        <span className="buy-option-name">{item.name}</span>
        <span className="buy-option-price">{item.price}</span>
        {item.note && <span className="buy-option-note">{item.note}</span>}
      </label>
      {item.terms && (
        <a href={item.terms} className="buy-terms focus-ring rounded-sm">
          {t("buy.terms", { licence: item.name })}
        </a>
      )}
    </li>
  );
  return (
    <section className="buy" id="buy" aria-labelledby="buy-heading" data-buy>
      <h2 id="buy-heading">{t("buy.title")}</h2>
      <form method="post" action={action} className="buy-form">
        <input type="hidden" name="photo" value={photo} />
        {prints.length > 0 && (
          <fieldset>
            <legend>{t("buy.prints")}</legend>
            <ul>{prints.map(option)}</ul>
          </fieldset>
        )}
        {licences.length > 0 && (
          <fieldset>
            <legend>{t("buy.licences")}</legend>
            <ul>{licences.map(option)}</ul>
          </fieldset>
        )}
        <p className="buy-rule photo-info-muted">
          {t("buy.resolution", { ppi: MIN_PRINT_PPI })}
          {tooLarge.length > 0 && ` ${t("buy.tooLarge", { sizes: tooLarge.join(", ") })}`}
        </p>
        <div className="buy-actions">
          <label>
            {t("buy.quantity")}{" "}
            <input
              type="number"
              name="quantity"
              min={1}
              max={10}
              defaultValue={1}
              inputMode="numeric"
            />
          </label>
          <button type="submit" className="buy-button focus-ring">
            {t("buy.add")}
          </button>
        </div>
      </form>
    </section>
  );
}
