/**
 * The addresses in the e-mails that bring buyers back: `/m/{mail}/{n}`, an e-mail's link `n`,
 * which counts the click (a person's, not a mail scanner's) and leads to the site's page; and
 * `/unsubscribe/{mail}`, which stops every later one to that e-mail's address: a page with a
 * button for a person, and RFC 8058's one-click POST for their mail client (which sends no
 * Origin, so no CSRF check stands in its way; the e-mail's unguessable id is the key, and it
 * opens only its own address).
 */
import { type Context, Hono } from "hono";
import { isLanguage } from "../../shared/i18n/languages.ts";
import { personAsked } from "../insights/index.ts";
import { redirectTarget } from "../lib/redirect-target.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor, siteOrigin } from "../request/context.ts";
import { useI18n } from "../views/i18n.tsx";
import { salesMails } from "./ledger.ts";

const MAIL = ":mail{[A-Za-z0-9_-]{22}}";
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** "a•••@example.com": enough for its owner to know it, little for anyone else. */
export const maskedAddress = (address: string) => {
  const [name = "", domain = ""] = address.split("@");
  return `${name.slice(0, 1)}•••@${domain}`;
};

function Unsubscribe({ address, done }: { address: string; done: boolean }) {
  const { t } = useI18n();
  return (
    <section className="panel" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">
        {t(done ? "salesMail.unsubscribed.title" : "salesMail.unsubscribe.title")}
      </h1>
      {done ? (
        <p role="status">{t("salesMail.unsubscribed.text", { address })}</p>
      ) : (
        <form method="post">
          <p>{t("salesMail.unsubscribe.text", { address })}</p>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <button type="submit" className="button">
            {t("salesMail.unsubscribe.button")}
          </button>
        </form>
      )}
    </section>
  );
}

async function unsubscribePage(c: Context<AppEnv>, done: boolean) {
  const mail = await salesMails(c.env.STORE_DB).get(c.req.param("mail") ?? "");
  // An e-mail whose address is forgotten (ledger.ts) has nobody left to take off the list.
  if (!mail || mail.address.startsWith("forgotten:")) return c.notFound();
  if (done) await salesMails(c.env.STORE_DB).unsubscribe(mail.address, Date.now());
  // In the e-mail's own language (its link, in every e-mail, has no language's prefix).
  if (isLanguage(mail.language)) c.set("language", mail.language);
  const { t } = await i18nFor(c);
  const res = await renderHtml(c, await loadLayout(c, { backdrop: false }), {
    title: t(done ? "salesMail.unsubscribed.title" : "salesMail.unsubscribe.title"),
    main: <Unsubscribe address={maskedAddress(mail.address)} done={done} />,
  });
  for (const [name, value] of Object.entries(PRIVATE)) res.headers.set(name, value);
  return res;
}

export const salesMailRoutes = new Hono<AppEnv>()
  .get(`/m/${MAIL}/:n{[0-9]{1,2}}`, async (c) => {
    // A mail scanner following every link (often with no user agent at all, or with a HEAD) and
    // a browser's prefetch are no person's click.
    const person = personAsked(c.req.raw);
    const target = await salesMails(c.env.STORE_DB).click(
      c.req.param("mail"),
      Number(c.req.param("n")),
      Date.now(),
      person,
    );
    if (!target) return c.notFound();
    const res = c.redirect(redirectTarget(target, siteOrigin(c)), 303);
    for (const [name, value] of Object.entries(PRIVATE)) res.headers.set(name, value);
    return res;
  })
  .get(`/unsubscribe/${MAIL}`, (c) => unsubscribePage(c, false))
  .post(`/unsubscribe/${MAIL}`, (c) => unsubscribePage(c, true));
