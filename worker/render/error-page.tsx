import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isbot } from "isbot";
import { type Phrase, phrase } from "../../shared/i18n/messages.ts";
import { ConfigError } from "../config/config.ts";
import { defaultStatusMessage, echoPath, PageError } from "../errors/page-error.ts";
import { english, translator } from "../i18n/translator.ts";
import { log } from "../lib/log.ts";
import { wantsJson } from "../lib/request-body.ts";
import type { AppEnv } from "../request/app-env.ts";
import { pathOf } from "../request/context.ts";
import { ErrorView } from "../views/ErrorView.tsx";
import { loadLayout } from "./load-layout.ts";
import { renderHtml } from "./render-html.tsx";

interface VisitorError {
  status: ContentfulStatusCode;
  statusMessage: Phrase;
  /** Safe to show: written by us, never an internal exception's message. */
  description: Phrase;
  /** On a developer's own machine only: which content setting is missing or wrong. */
  setup?: ConfigError;
}

function toVisitorError(error: Error, local: boolean): VisitorError {
  if (error instanceof PageError) {
    return {
      status: error.status as ContentfulStatusCode,
      statusMessage: error.statusMessage ?? { key: defaultStatusMessage(error.status) },
      description: error.description,
    };
  }
  // Another refusal (Hono's own, in English): its status line says it in the page's language.
  if (error instanceof HTTPException && error.status < 500) {
    const statusMessage = { key: defaultStatusMessage(error.status) };
    return {
      status: error.status as ContentfulStatusCode,
      statusMessage,
      description: statusMessage,
    };
  }
  return {
    status: 500,
    statusMessage: { key: defaultStatusMessage(500) },
    description: phrase("error.generic"),
    // A deployed site shows visitors nothing about its settings; the log names the setting.
    setup: local && error instanceof ConfigError ? error : undefined,
  };
}

/**
 * Every error becomes a rendered error page (for bots a minimal body, for a form's script JSON)
 * with the right status. Internal details go to the log with the request id, never to the visitor.
 * Bots and people get different answers to the same error, so every error answer says that it
 * depends on the User-Agent, which also keeps it out of the shared cache (cache-headers).
 */
export async function handleError(error: Error, c: Context<AppEnv>): Promise<Response> {
  const response = await errorResponse(error, c);
  response.headers.append("Vary", "User-Agent");
  return response;
}

async function errorResponse(error: Error, c: Context<AppEnv>): Promise<Response> {
  // An error before the configuration is known counts as a deploy's: it shows nothing of it.
  const visitor = toVisitorError(error, c.get("config")?.development ?? false);
  // A query can carry a secret (a download's signature): the log names paths without theirs.
  const { search } = new URL(c.req.url);
  const unqueried = (text: string) => (search ? text.replaceAll(search, "") : text);
  const fields = {
    status: visitor.status,
    path: echoPath(pathOf(c)),
    requestId: c.get("requestId"),
  };
  if (visitor.status >= 500) {
    log.error(unqueried(error.message || "Unhandled error"), {
      ...fields,
      ...(error.stack ? { stack: unqueried(error.stack) } : {}),
    });
  }
  // The status line as bots and the log read it: in English, like HTTP's own.
  const statusLine = `${visitor.status} ${english().phrase(visitor.statusMessage)}`;

  // Crawlers and unfurlers get the status and a minimal body, never the error page.
  if (isbot(c.req.header("User-Agent"))) {
    log.warn(unqueried(english().phrase(visitor.description)), { ...fields, bot: true });
    return c.text(statusLine, visitor.status);
  }

  // The forms' scripts ("Add to cart", a heart) ask for JSON and say its `error` in place; any
  // other answer has them post the form again, which would add a print a second time.
  if (wantsJson(c.req.raw)) {
    const i18n = await loadLayout(c).then(
      (layout) => translator(layout.site.language),
      () => english(),
    );
    return c.json({ error: i18n.phrase(visitor.description) }, visitor.status);
  }

  try {
    const layout = await loadLayout(c);
    const i18n = translator(layout.site.language);
    const statusMessage = i18n.phrase(visitor.statusMessage);
    return await renderHtml(c, layout, {
      title: statusMessage,
      description: statusMessage,
      status: visitor.status,
      main: (
        <ErrorView
          status={visitor.status}
          statusMessage={statusMessage}
          description={i18n.phrase(visitor.description)}
          requestId={visitor.status >= 500 ? c.get("requestId") : undefined}
          setup={
            visitor.setup && { setting: visitor.setup.setting, problem: visitor.setup.message }
          }
        />
      ),
    });
  } catch (renderError) {
    // The error page itself failed: answer plainly rather than with a runtime's default page.
    log.error("Error page failed to render", { ...fields, error: String(renderError) });
    return c.text(statusLine, visitor.status);
  }
}
