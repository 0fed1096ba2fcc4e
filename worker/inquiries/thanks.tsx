import type { Handler } from "hono";
import { paths } from "../content/paths.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor } from "../request/context.ts";

/**
 * `GET /contact/thanks`: where a sent inquiry lands (the POST answers 303 here, so reloading
 * this page never sends anything again). The same for every visitor, so it may be cached; it
 * names nothing the visitor wrote.
 */
export const thanksPage: Handler<AppEnv> = async (c) => {
  const layout = await loadLayout(c);
  const { t } = await i18nFor(c);
  return renderHtml(c, layout, {
    title: t("contact.thanks.title"),
    description: t("contact.thanks.description"),
    main: (
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <div className="panel px-5 py-10 sm:px-10 sm:py-12 lg:px-12">
          <h1 className="font-serif text-4xl tracking-tight text-balance text-neutral-950 sm:text-5xl dark:text-white">
            {t("contact.thanks.heading")}
          </h1>
          <p className="mt-4 text-lg text-neutral-700 sm:text-xl dark:text-neutral-300">
            {t("contact.thanks.text")}
          </p>
          <p className="mt-8">
            <a href={paths.home()} className="focus-ring rounded-sm underline underline-offset-4">
              {t("error.home")}
            </a>
          </p>
        </div>
      </article>
    ),
  });
};
