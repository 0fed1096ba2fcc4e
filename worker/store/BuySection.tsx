import { MIN_PRINT_PPI } from "../../shared/print-resolution.ts";
import type { Translator } from "../i18n/translator.ts";
import { useI18n } from "../views/i18n.tsx";
import { type Catalogue, formatAmount, type Offer } from "./catalogue.ts";

export interface BuyOption {
  /** "print:{id}" or "licence:{id}", what the form sends. */
  value: string;
  name: string;
  /** The price as the visitor reads it. */
  price: string;
  /**
   * Paper, size, the file's size: a line under the name, each part isolated (the owner's words
   * may be in another script than the page, an English note in an Arabic page).
   */
  notes: string[];
  /** A licence's terms page. */
  terms?: string;
}

export interface BuySectionProps {
  /** Where the form posts (the cart, or a gallery's photograph's own address). */
  action: string;
  /** The photograph's reference (shared/inquiries.ts), when the address does not name it. */
  photo?: string;
  prints: BuyOption[];
  licences: BuyOption[];
  /** Print sizes left out for want of pixels. */
  tooLarge: string[];
}

/** What the Buy section offers of `offer`, in the catalogue's currency and the page's language. */
export function buySectionProps(
  catalogue: Catalogue,
  offer: Offer,
  form: Pick<BuySectionProps, "action" | "photo">,
  i18n: Translator,
): BuySectionProps {
  const price = (amount: number) => formatAmount(amount, catalogue.currency, i18n.locale);
  return {
    ...form,
    prints: offer.prints.map((print) => ({
      value: `print:${print.id}`,
      name: print.name,
      price: price(print.unitAmount),
      notes: print.paper ? [print.paper] : [],
    })),
    licences: offer.licences.map((licence) => ({
      value: `licence:${licence.id}`,
      name: licence.name,
      price: price(licence.unitAmount),
      notes: [
        licence.summary,
        i18n.t("buy.fileSize", {
          pixels: Math.min(licence.longEdge, Math.max(offer.pixels.width, offer.pixels.height)),
        }),
      ].filter((note): note is string => Boolean(note)),
      terms: licence.termsUrl,
    })),
    tooLarge: offer.tooLarge.map((print) => print.name),
  };
}

/**
 * A photograph's Buy section: a plain form (it works without JavaScript) with one choice per
 * print size the photograph carries and per licence, a quantity and "Add to cart". It sends the
 * photograph and the product's id only; the worker prices everything from the catalogue. With
 * JavaScript, its script adds to the cart without a reload and says so in the live region.
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
        <span className="buy-option-name">
          <bdi>{item.name}</bdi>
        </span>
        <span className="buy-option-price">{item.price}</span>
        {item.notes.length > 0 && (
          <span className="buy-option-note">
            {item.notes.map((note, index) => (
              <span key={note}>
                {index > 0 && " · "}
                <bdi>{note}</bdi>
              </span>
            ))}
          </span>
        )}
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
      <form method="post" action={action} className="buy-form" data-buy-form="">
        {photo && <input type="hidden" name="photo" value={photo} />}
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
        {/* What the Buy section's script says after "Add to cart" (client/store/buy.ts). */}
        <p className="buy-status" role="status" data-buy-status="" />
      </form>
    </section>
  );
}
