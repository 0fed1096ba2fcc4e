// The project and dataset come from the environment (or studio/.env), so the same Studio code
// serves any project without edits. Sanity passes SANITY_STUDIO_* variables to the Studio
// bundle and loads .env files before reading sanity.cli.ts.

export function projectId(): string {
  const id = process.env.SANITY_STUDIO_PROJECT_ID?.trim();
  if (!id) {
    throw new Error(
      "SANITY_STUDIO_PROJECT_ID is not set. Put your Sanity project id in studio/.env " +
        "(copy .env.example; the id is on https://www.sanity.io/manage) or export it in the shell.",
    );
  }
  return id;
}

export function dataset(): string {
  return process.env.SANITY_STUDIO_DATASET?.trim() || "production";
}

/** Where the Presentation tool finds the site: the local worker unless told otherwise. */
export function previewOrigin(): string {
  return process.env.SANITY_STUDIO_PREVIEW_ORIGIN?.trim() || "http://localhost:8787";
}
