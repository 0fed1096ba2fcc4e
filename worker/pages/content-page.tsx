import type { Handler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { renderPage } from "../render/render-page.tsx";

/** `/{slug}`: a Sanity `page` document. */
export const contentPage: Handler<AppEnv> = (c) => {
  const slug = c.req.param("slug") ?? "";
  return renderPage(c, {
    title: slug,
    content: (
      <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <div className="panel px-6 py-10 sm:px-10">
          <h1 className="font-serif text-4xl tracking-tight">{slug}</h1>
        </div>
      </article>
    ),
  });
};
