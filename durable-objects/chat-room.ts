import { Server } from "partyserver";
import type { Env } from "../worker/env";

/**
 * One per chat room; message bodies will live in this object's SQLite. Declared now so the
 * binding and its SQLite class migration exist; the Worker does not route sockets here until
 * the realtime issue implements membership checks and the message protocol.
 */
export class ChatRoom extends Server<Env> {
  static options = { hibernate: true };
}
