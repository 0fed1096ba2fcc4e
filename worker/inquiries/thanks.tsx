import type { Handler } from "hono";
import { paths } from "../content/paths.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";

/**
 * `GET /contact/thanks`: where a sent inquiry lands (the POST answers 303 here, so reloading
 * this page never sends anything again). The same for every visitor, so it may be cached; it
 * names nothing the visitor wrote.
 */
export const thanksPage: Handler<AppEnv> = async (c) => {
  const layout = await loadLayout(c);
  return renderHtml(c, layout, {
    title: "Thank you",
    description: "Your message is on its way.",
    main: (
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <div className="panel px-5 py-10 sm:px-10 sm:py-12 lg:px-12">
          <h1 className="font-serif text-4xl tracking-tight text-balance text-neutral-950 sm:text-5xl dark:text-white">
            Thank you for your message
          </h1>
          <p className="mt-4 text-lg text-neutral-700 sm:text-xl dark:text-neutral-300">
            It has arrived and is on its way to me. I will answer you at the e-mail address you
            gave, usually within a few days.
          </p>
          <p className="mt-8">
            <a href={paths.home()} className="focus-ring rounded-sm underline underline-offset-4">
              Back to the home page
            </a>
          </p>
        </div>
      </article>
    ),
  });
};
