import type { Handler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { renderPage } from "../render/render-page.tsx";

export const homePage: Handler<AppEnv> = (c) => {
  const site = c.get("site");
  return renderPage(c, {
    content: (
      <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
        <div className="panel px-6 py-10 sm:px-10">
          <h1 className="font-serif text-4xl tracking-tight sm:text-5xl">{site.title}</h1>
          <p className="mt-4 text-lg text-neutral-700 dark:text-neutral-300">{site.description}</p>
        </div>
      </section>
    ),
  });
};
