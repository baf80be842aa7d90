import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      // Optional so the Worker's own Env still satisfies Cloudflare.Env.
      TEST_MIGRATIONS?: D1Migration[];
    }
    interface GlobalProps {
      mainModule: typeof import("../../worker/index");
    }
  }
}
