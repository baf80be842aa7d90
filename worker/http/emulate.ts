import type { AppContext } from "./context";
import { fail } from "../core/failure";

/**
 * A local-only route's answer: the request handed to the emulators the local entry passed in
 * (Services.local); 404 where there are none (the production entry passes none).
 */
export function emulate(c: AppContext): Promise<Response> {
  const local = c.get("services").local;
  if (!local) fail("not-found");
  return local.fetch(c.req.raw);
}
