import type { ReactNode } from "react";
import type { Phrase } from "../../shared/i18n/messages.ts";
import { TurnstileWidget } from "../inquiries/index.ts";
import { fallback } from "../views/helpers/fallback.ts";
import { useI18n } from "../views/i18n.tsx";
import { answerField } from "./details.ts";
import type { Question, SessionType } from "./offer.ts";

const heading =
  "font-serif text-4xl tracking-tight text-balance text-neutral-950 sm:text-5xl dark:text-white";
const lead = "mt-4 text-lg text-neutral-700 dark:text-neutral-300";
const link = "focus-ring rounded-sm underline underline-offset-4";

/** A booking page's panel: its heading, its content, and the way back where it has one. */
function Panel({
  title,
  back,
  children,
}: {
  title: string;
  back?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <div className="panel px-5 py-10 sm:px-10 sm:py-12 lg:px-12">
        <h1 className={heading}>{title}</h1>
        {children}
        {back && (
          <p className="mt-8">
            <a href={back.href} className={link}>
              {back.label}
            </a>
          </p>
        )}
      </div>
    </article>
  );
}

/** A session type as the list shows it, its amounts already written in the page's language. */
export interface SessionCard extends Pick<SessionType, "lang"> {
  path: string;
  title: string;
  description: string;
  minutes: number;
  price: string;
  deposit: string;
}

/** `/book`: the owner's kinds of session, each a link to its free times. */
export function SessionList({ sessions }: { sessions: SessionCard[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <Panel title={t("booking.title")}>
      <p className={lead}>{t("booking.intro")}</p>
      <ul className="mt-8 grid gap-4">
        {sessions.map((session) => (
          <li
            key={session.path}
            className="rounded-lg border border-neutral-300 p-5 dark:border-neutral-700"
          >
            <h2
              className="font-serif text-2xl text-neutral-950 dark:text-white"
              {...fallback(session.lang?.title, i18n)}
            >
              {session.title}
            </h2>
            {session.description && (
              <p
                className="mt-2 text-neutral-700 dark:text-neutral-300"
                {...fallback(session.lang?.description, i18n)}
              >
                {session.description}
              </p>
            )}
            <p className="mt-2 text-neutral-700 dark:text-neutral-300">
              {t("booking.minutes", { count: session.minutes })} ·{" "}
              {t("booking.price", { amount: session.price })} ·{" "}
              {t("booking.deposit", { amount: session.deposit })}
            </p>
            <p className="mt-4">
              <a
                href={session.path}
                className="store-primary focus-ring"
                // Each session's link named apart from the others'.
                aria-label={`${t("booking.book")}: ${session.title}`}
              >
                {t("booking.book")}
              </a>
            </p>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export interface DayLink {
  day: string;
  label: string;
  path: string;
  current: boolean;
}

export interface SlotChoice {
  start: number;
  /** The time on the owner's clock. */
  label: string;
  /** The same moment on the visitor's, where that is another time. */
  yours?: string | undefined;
}

/**
 * `/book/{type}`: the days with free times as links, and the chosen day's times as a form that
 * holds one. Without JavaScript all of it works: a day is a link, a time a radio button.
 */
export function SlotPicker({
  session,
  facts,
  zone,
  yourZone,
  days,
  slots,
  action,
  stamp,
  turnstileSiteKey,
  notice,
  back,
}: {
  session: string;
  facts: string;
  zone: string;
  /** The visitor's zone, where their clock differs from the owner's. */
  yourZone: string | undefined;
  days: DayLink[];
  slots: SlotChoice[];
  action: string;
  stamp: string;
  turnstileSiteKey: string | undefined;
  notice?: string | undefined;
  back: string;
}) {
  const { t } = useI18n();
  return (
    <Panel title={t("booking.choose", { session })} back={{ href: back, label: t("booking.back") }}>
      <p className={lead}>{facts}</p>
      {notice && (
        <p
          role="alert"
          data-problem
          className="mt-6 rounded-md border border-amber-600 p-4 text-neutral-900 dark:text-neutral-100"
        >
          {notice}
        </p>
      )}
      {days.length === 0 ? (
        <p className="mt-8 text-neutral-700 dark:text-neutral-300">{t("booking.none")}</p>
      ) : (
        <>
          <nav aria-label={t("booking.days")} className="mt-8">
            <h2 className="text-lg font-medium text-neutral-950 dark:text-white">
              {t("booking.days")}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {days.map((day) => (
                <li key={day.day}>
                  <a
                    href={day.path}
                    aria-current={day.current ? "date" : undefined}
                    className={`focus-ring inline-block rounded-md border px-3 py-2 ${
                      day.current
                        ? "border-neutral-950 bg-neutral-950 text-white dark:border-white dark:bg-white dark:text-neutral-950"
                        : "border-neutral-300 dark:border-neutral-700"
                    }`}
                  >
                    {day.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <form method="post" action={action} className="mt-8">
            <fieldset>
              <legend className="text-lg font-medium text-neutral-950 dark:text-white">
                {days.find((day) => day.current)?.label}
              </legend>
              <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
                {t("booking.timesIn", { zone })}
                {yourZone && <> {t("booking.timesBeside", { zone: yourZone })}</>}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                {slots.map((slot, index) => (
                  <label key={slot.start} className="booking-slot focus-within:focus-ring">
                    <input
                      type="radio"
                      name="start"
                      value={slot.start}
                      required
                      defaultChecked={index === 0}
                    />
                    <span>
                      <time dateTime={new Date(slot.start).toISOString()}>{slot.label}</time>
                      {slot.yours && (
                        <span className="block text-xs font-normal">
                          {t("booking.yourTime", { time: slot.yours })}
                        </span>
                      )}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <input type="hidden" name="stamp" value={stamp} />
            <TurnstileWidget siteKey={turnstileSiteKey} />
            <button type="submit" className="store-primary focus-ring mt-6">
              {t("booking.hold")}
            </button>
          </form>
        </>
      )}
    </Panel>
  );
}

const control =
  "focus-ring mt-1 block w-full rounded-md border border-neutral-400 bg-white px-3 py-2 text-base text-neutral-950 aria-invalid:border-red-700 dark:border-neutral-500 dark:bg-neutral-900 dark:text-neutral-50 dark:aria-invalid:border-red-400";

/** What the held page's form shows: the values sent and each field's problem (a refused form). */
export interface DetailsFormState {
  values: Record<string, string>;
  errors: Record<string, Phrase>;
}

function Problem({ field, error }: { field: string; error?: Phrase | undefined }) {
  const i18n = useI18n();
  return (
    <p
      id={`${field}-problem`}
      className="mt-1 text-sm font-medium text-red-800 empty:hidden dark:text-red-300"
    >
      {error && i18n.phrase(error)}
    </p>
  );
}

/** An input's state for assistive technology: invalid or not, and where its problem is said. */
const described = (field: string, errors: Record<string, Phrase>) => ({
  "aria-invalid": errors[field] ? ("true" as const) : undefined,
  "aria-describedby": `${field}-problem`,
});

function Answer({ question, state }: { question: Question; state: DetailsFormState }) {
  const i18n = useI18n();
  const { t } = i18n;
  const labelLanguage = fallback(question.lang?.label, i18n);
  const field = answerField(question);
  const value = state.values[field] ?? "";
  const label = `${question.label}${question.required ? " *" : ""}`;
  if (question.kind === "choice" || question.kind === "yesno") {
    const options =
      question.kind === "yesno"
        ? [
            { value: "yes", label: t("booking.yes") },
            { value: "no", label: t("booking.no") },
          ]
        : question.choices.map((choice) => ({
            value: choice,
            label: choice,
            ...fallback(question.lang?.choices, i18n),
          }));
    return (
      <fieldset className="mt-6" {...described(field, state.errors)}>
        <legend className="font-medium text-neutral-950 dark:text-white" {...labelLanguage}>
          {label}
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {options.map(({ value: choice, label: words, ...language }) => (
            <label key={choice} className="booking-slot">
              <input
                type="radio"
                name={field}
                value={choice}
                required={question.required}
                defaultChecked={value === choice}
              />
              <span {...language}>{words}</span>
            </label>
          ))}
        </div>
        <Problem field={field} error={state.errors[field]} />
      </fieldset>
    );
  }
  return (
    <div className="mt-6">
      <label
        htmlFor={field}
        className="font-medium text-neutral-950 dark:text-white"
        {...labelLanguage}
      >
        {label}
      </label>
      {question.kind === "date" ? (
        <input
          type="date"
          id={field}
          name={field}
          defaultValue={value}
          required={question.required}
          className={control}
          {...described(field, state.errors)}
        />
      ) : (
        <textarea
          id={field}
          name={field}
          rows={3}
          maxLength={2_000}
          defaultValue={value}
          required={question.required}
          className={control}
          {...described(field, state.errors)}
        />
      )}
      <Problem field={field} error={state.errors[field]} />
    </div>
  );
}

/** The client's name, e-mail and the session type's questions, as a plain form. */
function DetailsForm({
  action,
  questions,
  state,
}: {
  action: string;
  questions: Question[];
  state: DetailsFormState;
}) {
  const { t } = useI18n();
  const refused = Object.keys(state.errors).length > 0;
  return (
    <form
      method="post"
      action={action}
      className="mt-10 border-t border-neutral-300 pt-8 dark:border-neutral-700"
    >
      <h2 className="font-serif text-2xl tracking-tight text-neutral-950 dark:text-white">
        {t("booking.details.heading")}
      </h2>
      {refused && (
        <p
          id="booking-problems"
          role="alert"
          tabIndex={-1}
          // biome-ignore lint/a11y/noAutofocus: a refused form comes back as a new page; without script, autofocus is what takes the client to what went wrong.
          autoFocus
          data-problem
          className="focus-ring mt-6 rounded-md border-2 border-amber-600 px-4 py-3 text-neutral-950 dark:text-neutral-50"
        >
          {t("booking.details.correct")}
        </p>
      )}
      {(["name", "email"] as const).map((field) => (
        <div key={field} className="mt-6">
          <label htmlFor={field} className="font-medium text-neutral-950 dark:text-white">
            {t(field === "name" ? "booking.details.name" : "booking.details.email")} *
          </label>
          <input
            id={field}
            name={field}
            type={field === "email" ? "email" : "text"}
            autoComplete={field}
            maxLength={field === "email" ? 254 : 100}
            required
            defaultValue={state.values[field] ?? ""}
            className={control}
            {...described(field, state.errors)}
          />
          <Problem field={field} error={state.errors[field]} />
        </div>
      ))}
      {questions.map((question) => (
        <Answer key={question.id} question={question} state={state} />
      ))}
      <button type="submit" className="store-primary focus-ring mt-8">
        {t("booking.details.continue")}
      </button>
    </form>
  );
}

/** What the contract's part of the held page shows: to sign, or signed. */
export type ContractState =
  | {
      text: string;
      sign: {
        action: string;
        /** The SHA-256 of the text shown: a signature is of this text, or of none. */
        read: string;
        name: string;
        values: { signature?: string };
        errors: Record<string, Phrase>;
      };
    }
  | { text: string; signed: { note: string; download: string } };

/** The contract, in full, and the form that signs it (a typed name and consent), or its PDF. */
function ContractSection({ contract }: { contract: ContractState }) {
  const { t } = useI18n();
  const refused = "sign" in contract && Object.keys(contract.sign.errors).length > 0;
  return (
    <section
      aria-labelledby="contract-heading"
      className="mt-10 border-t border-neutral-300 pt-8 dark:border-neutral-700"
      data-contract
    >
      <h2
        id="contract-heading"
        className="font-serif text-2xl tracking-tight text-neutral-950 dark:text-white"
      >
        {t("booking.contract.heading")}
      </h2>
      {"sign" in contract && (
        <p className="mt-4 text-neutral-700 dark:text-neutral-300">{t("booking.contract.intro")}</p>
      )}
      <div
        dir="auto"
        className="mt-6 space-y-4 rounded-md border border-neutral-300 px-5 py-4 whitespace-pre-line text-neutral-800 dark:border-neutral-700 dark:text-neutral-200"
        data-contract-text
      >
        {contract.text.split(/\n\s*\n/).map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text, in order.
          <p key={index}>{paragraph.trim()}</p>
        ))}
      </div>
      {"signed" in contract ? (
        <p
          role="status"
          data-signed
          className="mt-6 rounded-md border border-emerald-600 px-4 py-3"
        >
          {contract.signed.note}{" "}
          <a href={contract.signed.download} className={link} data-contract-pdf>
            {t("booking.contract.download")}
          </a>
        </p>
      ) : (
        <form method="post" action={contract.sign.action} className="mt-6">
          {refused && (
            <p
              role="alert"
              tabIndex={-1}
              // biome-ignore lint/a11y/noAutofocus: a refused form comes back as a new page; without script, autofocus is what takes the client to what went wrong.
              autoFocus
              data-problem
              className="focus-ring rounded-md border-2 border-amber-600 px-4 py-3 text-neutral-950 dark:text-neutral-50"
            >
              {t("booking.details.correct")}
            </p>
          )}
          <input type="hidden" name="contract" value={contract.sign.read} />
          <Problem field="contract" error={contract.sign.errors.contract} />
          <label
            htmlFor="signature"
            className="mt-6 block font-medium text-neutral-950 dark:text-white"
          >
            {t("booking.contract.name")} *
          </label>
          <input
            id="signature"
            name="signature"
            type="text"
            autoComplete="off"
            maxLength={100}
            required
            placeholder={contract.sign.name}
            defaultValue={contract.sign.values.signature ?? ""}
            className={control}
            {...described("signature", contract.sign.errors)}
          />
          <Problem field="signature" error={contract.sign.errors.signature} />
          <div className="mt-6 flex items-start gap-3">
            <input
              id="consent"
              name="consent"
              type="checkbox"
              value="yes"
              required
              className="focus-ring mt-1 size-5 shrink-0"
              {...described("consent", contract.sign.errors)}
            />
            <label htmlFor="consent" className="text-neutral-950 dark:text-white">
              {t("booking.contract.consent")}
            </label>
          </div>
          <Problem field="consent" error={contract.sign.errors.consent} />
          <button type="submit" className="store-primary focus-ring mt-6">
            {t("booking.contract.sign")}
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * `/book/held/{id}`: the time is the client's for a while; the form for their details and the
 * session type's questions, or, once given, that they are kept; then the contract to sign and
 * the deposit.
 */
export function HeldView({
  text,
  back,
  saved,
  form,
  pay,
  paying,
  contract,
}: {
  text: string;
  back: string;
  /** Said once the client's details are kept. */
  saved?: string | undefined;
  form?: { action: string; questions: Question[]; state: DetailsFormState } | undefined;
  /** The deposit's button, once the details are kept. */
  pay?: { action: string; label: string; note: string } | undefined;
  /** Said when the client is back from paying and Stripe has not said "paid" yet. */
  paying?: string | undefined;
  /** The contract, once the details are kept (when the session type has one). */
  contract?: ContractState | undefined;
}) {
  const { t } = useI18n();
  return (
    <Panel title={t("booking.held.title")} back={{ href: back, label: t("booking.back") }}>
      <p className={lead} data-held>
        {text}
      </p>
      {paying && (
        <p role="status" data-paying className="mt-6 rounded-md border border-amber-600 px-4 py-3">
          {paying}
        </p>
      )}
      {saved && (
        <p role="status" data-saved className="mt-6 rounded-md border border-emerald-600 px-4 py-3">
          {saved}
        </p>
      )}
      {contract && <ContractSection contract={contract} />}
      {pay && (
        <form method="post" action={pay.action} className="mt-6">
          <p className="text-neutral-700 dark:text-neutral-300">{pay.note}</p>
          <button type="submit" className="store-primary focus-ring mt-4">
            {pay.label}
          </button>
        </form>
      )}
      {!("signed" in (contract ?? {})) && (
        <p className="mt-4 text-neutral-700 dark:text-neutral-300">{t("booking.held.next")}</p>
      )}
      {form && <DetailsForm {...form} />}
    </Panel>
  );
}

/** A booking whose deposit came: booked (or refunded, its time taken meanwhile). */
export function BookedView({
  title,
  text,
  back,
  backLabel,
  contract,
  balance,
  invoices,
}: {
  title: string;
  text: string;
  back: string;
  backLabel: string;
  /** The signed contract's PDF, where there is one. */
  contract?: { href: string; label: string } | undefined;
  /** What is left to pay: its words, and the form that pays it while it is due. */
  balance?: { text: string; pay?: { action: string; label: string } | undefined } | undefined;
  /** The invoices of the payments made. */
  invoices: { href: string; label: string }[];
}) {
  return (
    <Panel title={title} back={{ href: back, label: backLabel }}>
      <p className={lead} data-booking-status>
        {text}
      </p>
      {balance && (
        <div className="mt-6" data-balance>
          <p className="text-neutral-700 dark:text-neutral-300">{balance.text}</p>
          {balance.pay && (
            <form method="post" action={balance.pay.action} className="mt-4">
              <button type="submit" className="store-primary focus-ring">
                {balance.pay.label}
              </button>
            </form>
          )}
        </div>
      )}
      {contract && (
        <p className="mt-6">
          <a href={contract.href} className={link} data-contract-pdf>
            {contract.label}
          </a>
        </p>
      )}
      {invoices.map((invoice) => (
        <p className="mt-4" key={invoice.href}>
          <a href={invoice.href} className={link} data-invoice-link>
            {invoice.label}
          </a>
        </p>
      ))}
    </Panel>
  );
}

/** An invoice: who it is from and to, its date, its lines and total, and that it is paid. */
export function InvoiceView({
  title,
  seller,
  buyer,
  date,
  lines,
  subtotal,
  tax,
  total,
  paid,
  pdf,
  back,
}: {
  title: string;
  seller: string;
  buyer: string;
  date: string;
  lines: { description: string; amount: string }[];
  subtotal: string;
  tax?: string | undefined;
  total: string;
  paid: string;
  pdf: string;
  back: string;
}) {
  const { t } = useI18n();
  const cell = "py-2 align-top";
  return (
    <Panel title={title} back={{ href: back, label: t("booking.back") }}>
      <dl className="mt-6 grid gap-x-8 gap-y-4 sm:grid-cols-3" data-invoice>
        {(
          [
            ["booking.invoice.from", seller],
            ["booking.invoice.to", buyer],
            ["booking.invoice.date", date],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <dt className="font-medium text-neutral-950 dark:text-white">{t(term)}</dt>
            <dd className="whitespace-pre-line">{value}</dd>
          </div>
        ))}
      </dl>
      <table className="mt-8 w-full border-collapse text-start">
        <thead>
          <tr className="border-b border-neutral-300 dark:border-neutral-700">
            <th scope="col" className={`${cell} text-start`}>
              {t("booking.invoice.description")}
            </th>
            <th scope="col" className={`${cell} text-end`}>
              {t("booking.invoice.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr
              key={line.description}
              className="border-b border-neutral-200 dark:border-neutral-800"
            >
              <td className={cell}>{line.description}</td>
              <td className={`${cell} text-end tabular-nums`}>{line.amount}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className={`${cell} text-start font-normal`}>
              {t("booking.invoice.subtotal")}
            </th>
            <td className={`${cell} text-end tabular-nums`}>{subtotal}</td>
          </tr>
          {tax && (
            <tr>
              <th scope="row" className={`${cell} text-start font-normal`}>
                {t("booking.invoice.tax")}
              </th>
              <td className={`${cell} text-end tabular-nums`}>{tax}</td>
            </tr>
          )}
          <tr className="font-medium text-neutral-950 dark:text-white">
            <th scope="row" className={`${cell} text-start`}>
              {t("booking.invoice.total")}
            </th>
            <td className={`${cell} text-end tabular-nums`} data-invoice-total>
              {total}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-6" data-invoice-paid>
        {paid}
      </p>
      <p className="mt-6">
        <a href={pdf} className={link} data-invoice-pdf>
          {t("booking.invoice.download")}
        </a>
      </p>
    </Panel>
  );
}
