import { Server, type Connection } from "partyserver";
import type { Env } from "../worker/env";

/** The one staff channel ("main"): server stats and admin events. Only staff sockets reach it. */
export class AdminChannel extends Server<Env> {
  static options = { hibernate: true };

  async publish(event: { type: string; payload: unknown }): Promise<number> {
    this.broadcast(JSON.stringify(event));
    return [...this.getConnections()].length;
  }

  onConnect(connection: Connection): void {
    connection.send(JSON.stringify({ type: "Connected", payload: {} }));
  }
}
