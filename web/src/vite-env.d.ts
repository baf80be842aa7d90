/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API base, e.g. https://api.example.com/api/v1; defaults to same-origin /api/v1. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

interface Window {
  /** Preloads the chunks of a path's screen (index.html's route-preload script, web/build/route-preload.ts). */
  __darsPreload?: (path: string) => void;
}
