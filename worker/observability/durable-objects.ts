import type { Server, WSMessage } from "partyserver";
import type { Env } from "../core/env";
import { reportDurableObjectError } from "./sentry";

// A mixin's base needs a constructor of `...args: any[]` (TypeScript's rule for mixins).
// oxlint-disable-next-line no-explicit-any
type PartyClass = new (...args: any[]) => Server<Env>;

/**
 * A Durable Object class whose request, socket message and alarm handlers report a failure to
 * Sentry (when SENTRY_DSN is set) before it propagates as before. Used instead of Sentry's own
 * Durable Object instrumentation, which rewrites every method on the prototype chain
 * (partyserver's Server included) and would sit on the chat's hot path.
 */
export function reportingFailures<T extends PartyClass>(Base: T, party: string): T {
  class Reporting extends Base {
    async #reported<R>(run: () => Promise<R>): Promise<R> {
      try {
        return await run();
      } catch (error) {
        let room: string | undefined;
        try {
          room = this.name;
        } catch {
          room = undefined;
        }
        await reportDurableObjectError(this.env, this.ctx, error, { party, room });
        throw error;
      }
    }
    override fetch(request: Request): Promise<Response> {
      return this.#reported(() => super.fetch(request));
    }
    override webSocketMessage(ws: WebSocket, message: WSMessage): Promise<void> {
      return this.#reported(() => super.webSocketMessage(ws, message));
    }
    override alarm(): Promise<void> {
      return this.#reported(() => super.alarm());
    }
  }
  return Reporting as T;
}
