/**
 * A held time's contract, as the client reads and signs it: the session type's template in the
 * request's language with the hold's facts filled in (contract.ts). `{licence}` names the
 * Store's licence the session type chose, with its terms' address, as the store writes them
 * into a delivered file (store/xmp.ts).
 */
import type { Context } from "hono";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor, siteOrigin, siteSettingsFor } from "../request/context.ts";
import { catalogueFor, formatAmount } from "../store/index.ts";
import type { Hold } from "./calendar.ts";
import { fillContract } from "./contract.ts";
import { offerUnits } from "./deposit.ts";
import type { Details } from "./details.ts";
import type { Offer, SessionType } from "./offer.ts";

/** The Store's licence a session type's contract names, or undefined when it names none it has. */
export async function licenceOf(c: Context<AppEnv>, session: SessionType) {
  if (!session.licence) return undefined;
  return (await catalogueFor(c))?.licences.find((licence) => licence.id === session.licence);
}

/** Whether a session type's contract can be made: it names no licence, or one the Store has. */
export async function contractReady(c: Context<AppEnv>, session: SessionType): Promise<boolean> {
  return !session.contract.includes("{licence}") || (await licenceOf(c, session)) !== undefined;
}

/** The hold's contract text, filled in; "" when its session type has nothing to sign. */
export async function contractText(
  c: Context<AppEnv>,
  offer: Offer,
  session: SessionType,
  hold: Pick<Hold, "slot"> & { details: Details },
): Promise<string> {
  if (!session.contract) return "";
  const [i18n, site, licence] = await Promise.all([
    i18nFor(c),
    siteSettingsFor(c),
    licenceOf(c, session),
  ]);
  const money = (value: number) =>
    formatAmount(offerUnits(value, offer.currency), offer.currency, i18n.locale);
  const date = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: offer.hours.timeZone,
  }).format(hold.slot.start);
  return fillContract(session.contract, {
    client: hold.details.name,
    email: hold.details.email,
    session: session.title,
    date: `${date} (${offer.hours.timeZone})`,
    place: session.location,
    price: money(session.price),
    deposit: money(session.deposit),
    balance: money(session.price - session.deposit),
    photographer: site.owner,
    licence: licence ? `${licence.name} (${new URL(licence.termsUrl, siteOrigin(c)).href})` : "",
  });
}
