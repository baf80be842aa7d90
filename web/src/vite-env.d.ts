/// <reference types="vite/client" />

/** The footer's copyright year in Arabic digits, fixed at build (web/build/build-constants.ts). */
declare const __COPYRIGHT_YEAR__: string;

interface ImportMetaEnv {
  /** The API base, e.g. https://api.example.com/api/v1; defaults to same-origin /api/v1. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
