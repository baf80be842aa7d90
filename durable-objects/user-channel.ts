import { Server, type Connection } from "partyserver";
import type { Env } from "../worker/env";

/**
 * One per user (named by the user id): the browser keeps one socket here and receives every
 * event meant for that user. The Worker has checked the token and that the channel is the
 * caller's own before the socket arrives. Event delivery and presence grow in the realtime issue.
 */
export class UserChannel extends Server<Env> {
  static options = { hibernate: true };

  /** Called by the Worker (RPC) to push one event to every open socket of this user. */
  async publish(event: { type: string; payload: unknown }): Promise<number> {
    const frame = JSON.stringify(event);
    let delivered = 0;
    for (const connection of this.getConnections()) {
      connection.send(frame);
      delivered++;
    }
    return delivered;
  }

  onConnect(connection: Connection): void {
    connection.send(JSON.stringify({ type: "Connected", payload: { userId: Number(this.name) } }));
  }
}
