import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isbot } from "isbot";
import { ConfigError } from "../config/config.ts";
import { defaultStatusMessage, echoPath, PageError } from "../errors/page-error.ts";
import { log } from "../lib/log.ts";
import type { AppEnv } from "../request/app-env.ts";
import { fullPath } from "../request/context.ts";
import { ErrorView } from "../views/ErrorView.tsx";
import { loadLayout } from "./load-layout.ts";
import { renderHtml } from "./render-html.tsx";

interface VisitorError {
  status: ContentfulStatusCode;
  statusMessage: string;
  /** Safe to show: written by us, never an internal exception's message. */
  description: string;
  /** On a developer's own machine only: which content setting is missing or wrong. */
  setup?: ConfigError;
}

const GENERIC_DESCRIPTION = "Something went wrong on our side. Please try again in a moment.";

function toVisitorError(error: Error, local: boolean): VisitorError {
  if (error instanceof PageError) {
    return {
      status: error.status as ContentfulStatusCode,
      statusMessage: error.statusMessage ?? defaultStatusMessage(error.status),
      description: error.message,
    };
  }
  if (error instanceof HTTPException && error.status < 500) {
    return {
      status: error.status as ContentfulStatusCode,
      statusMessage: defaultStatusMessage(error.status),
      description: error.message || defaultStatusMessage(error.status),
    };
  }
  return {
    status: 500,
    statusMessage: defaultStatusMessage(500),
    description: GENERIC_DESCRIPTION,
    // A deployed site shows visitors nothing about its settings; the log names the setting.
    setup: local && error instanceof ConfigError ? error : undefined,
  };
}

/**
 * Every error becomes a rendered error page (or, for bots, a minimal body) with
 * the right status. Internal details go to the log with the request id, never to the visitor.
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
  const fields = {
    status: visitor.status,
    path: echoPath(fullPath(c)),
    requestId: c.get("requestId"),
  };
  if (visitor.status >= 500) {
    log.error(error.message || "Unhandled error", { ...fields, stack: error.stack });
  }

  // Crawlers and unfurlers get the status and a minimal body, never the error page.
  if (isbot(c.req.header("User-Agent"))) {
    log.warn(visitor.description, { ...fields, bot: true });
    return c.text(`${visitor.status} ${visitor.statusMessage}`, visitor.status);
  }

  try {
    return await renderHtml(c, await loadLayout(c), {
      title: visitor.statusMessage,
      description: visitor.statusMessage,
      status: visitor.status,
      main: (
        <ErrorView
          status={visitor.status}
          statusMessage={visitor.statusMessage}
          description={visitor.description}
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
    return c.text(`${visitor.status} ${visitor.statusMessage}`, visitor.status);
  }
}
