import type { ReactNode } from "react";
import { useI18n } from "./i18n.tsx";

interface ErrorViewProps {
  status: number;
  statusMessage: string;
  description: string;
  /** A reference the visitor can quote when reporting a server error. */
  requestId?: string;
  /** Shown on a developer's machine when the content settings are missing or wrong. */
  setup?: { setting: string; problem: string };
}

const actionClass =
  "focus-ring inline-flex items-center rounded-full px-5 py-2.5 text-sm font-semibold transition-colors";

/** The frame both error views share: the heading names the section, the status marks it. */
function ErrorFrame({
  status,
  panelClassName = "",
  children,
}: {
  status: number;
  panelClassName?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="error-title"
      data-error-status={status}
      className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24"
    >
      <div className={`panel px-6 py-10 sm:px-10 ${panelClassName}`}>{children}</div>
    </section>
  );
}

/** The not-found view and the view for every other error are deliberately different. */
export function ErrorView(props: ErrorViewProps) {
  return props.status === 404 ? <NotFoundView {...props} /> : <ServerErrorView {...props} />;
}

function NotFoundView({ status, statusMessage, description }: ErrorViewProps) {
  const { t } = useI18n();
  return (
    <ErrorFrame status={status}>
      <p className="font-mono text-sm font-semibold tracking-widest text-primary-700 dark:text-primary-300">
        {status}
      </p>
      <h1 id="error-title" className="mt-2 font-serif text-4xl tracking-tight sm:text-5xl">
        {statusMessage}
      </h1>
      <p className="mt-4 break-words text-lg text-neutral-700 dark:text-neutral-300">
        {description}
      </p>
      <p className="mt-2 text-neutral-600 dark:text-neutral-400">{t("error.emptyFrame")}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <a
          href="/"
          className={`${actionClass} bg-primary-700 text-white hover:bg-primary-800 dark:bg-primary-400 dark:text-neutral-950 dark:hover:bg-primary-300`}
        >
          {t("error.home")}
        </a>
        <a
          href="/portfolio"
          className={`${actionClass} border border-neutral-300 hover:border-primary-600 dark:border-neutral-700 dark:hover:border-primary-400`}
        >
          {t("error.portfolio")}
        </a>
      </div>
    </ErrorFrame>
  );
}

function ServerErrorView({ status, statusMessage, description, requestId, setup }: ErrorViewProps) {
  const { t } = useI18n();
  return (
    <ErrorFrame status={status} panelClassName="border-s-4 border-s-red-700 dark:border-s-red-400">
      <p className="font-mono text-sm font-semibold tracking-widest text-red-800 dark:text-red-300">
        {t("error.status", { status: String(status) })}
      </p>
      <h1 id="error-title" className="mt-2 font-serif text-3xl tracking-tight sm:text-4xl">
        {statusMessage}
      </h1>
      <p className="mt-4 break-words text-lg text-neutral-700 dark:text-neutral-300">
        {description}
      </p>
      {setup && <SetupHelp {...setup} />}
      {requestId && (
        <p className="mt-4 text-sm text-neutral-600 dark:text-neutral-400">
          {t("error.reference")} <code className="font-mono">{requestId}</code>
        </p>
      )}
      <div className="mt-8">
        <a
          href="/"
          className={`${actionClass} bg-neutral-900 text-white hover:bg-neutral-700 dark:bg-white dark:text-neutral-950 dark:hover:bg-neutral-200`}
        >
          {t("error.tryHome")}
        </a>
      </div>
    </ErrorFrame>
  );
}

/**
 * What a developer running the worker locally needs to do to get content on the page: for the
 * developer only (a deploy never shows it), so in English, as the commands and docs are.
 */
function SetupHelp({ setting, problem }: { setting: string; problem: string }) {
  return (
    <div
      lang="en"
      className="mt-6 rounded-lg border border-neutral-300 p-4 text-sm leading-relaxed dark:border-neutral-700"
    >
      <h2 className="font-semibold">The site has no content source yet</h2>
      <p className="mt-2">{problem}</p>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        <li>
          For the demo content, stop this server and run <code>npm run dev</code> (development, from
          source) or <code>npm start</code> (the production build).
        </li>
        <li>
          For your own Sanity project, set <code>{setting}</code> (and the other{" "}
          <code>SANITY_*</code> settings you need) in <code>.dev.vars</code>, as in{" "}
          <code>.dev.vars.example</code>, and start again.
        </li>
      </ul>
    </div>
  );
}
