// Generated at build time by build/build-info-plugin.ts.
declare module "virtual:build-info" {
  export const buildInfo: {
    version: string;
    buildId: string;
    builtAt: number;
    dev: boolean;
    headScript: string;
    headScriptHash: string;
    /** The client entry, which the head script starts after the first paint. */
    entryScript: string;
    /** Every module of shared/modules.ts, and the island runtime, at its hashed address. */
    modules: import("../shared/modules.ts").ModuleAddresses;
    styles: string[];
    /** public/favicon.svg as a data: address. */
    favicon: string;
  };
}
