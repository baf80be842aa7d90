import { Server } from "partyserver";
import type { Env } from "../worker/env";

/**
 * One per lesson, interview or demo session: presence, WebRTC signalling and the attendance
 * log. Declared now so the binding exists; sockets are routed here by the live-sessions issue.
 */
export class SessionRoom extends Server<Env> {
  static options = { hibernate: true };
}
