// Generated at build time by build/build-info-plugin.ts.
declare module "virtual:build-info" {
  export const buildInfo: {
    version: string;
    buildId: string;
    builtAt: number;
    dev: boolean;
    headScript: string;
    headScriptHash: string;
    entryScript: string;
    photoViewerScript: string;
    inquiryFormScript: string;
    searchScript: string;
    morePhotosScript: string;
    styles: string[];
  };
}
