import { defineCliConfig } from "sanity/cli";
import { dataset, projectId } from "./env";

export default defineCliConfig({
  api: { projectId: projectId(), dataset: dataset() },
  // Types for the worker, from this schema and the worker's GROQ queries: `npm run
  // types:content` at the repository root extracts the schema to .sanity/ and runs this
  // (scripts/content-types.ts). Its staleness check writes to a temporary file instead.
  typegen: {
    path: "../worker/content/queries.ts",
    schema: ".sanity/schema.json",
    generates: process.env.SANITY_TYPEGEN_OUTPUT ?? "../worker/content/sanity.types.ts",
    // The worker passes queries to the client as plain strings and checks each answer at run
    // time, so typed overloads of client.fetch would never apply; leave them out.
    overloadClientMethods: false,
  },
});
