import { Server, type Connection, type ConnectionContext } from "partyserver";
import type { ServerEvent, ServerStats } from "../schema/events";
import { createDb } from "../worker/core/db";
import type { Env } from "../worker/core/env";
import { computeServerStats } from "../worker/observability/server-stats";
import { presence } from "./clients";
import { EndedSessions, SESSION_ENDED_CLOSE, ownedBy, ownerOf, type SocketOwner } from "./socket-owner";

/** ServerStats goes out at most once a second (a change schedules it, never sends it at once). */
const STATS_MIN_INTERVAL_MS = 1000;
/** While staff watch, stats refresh at least this often (lessons start and end on their own). */
const STATS_REFRESH_MS = 15_000;
/** New request counts show within this long (they arrive every few seconds from each isolate). */
const REQUESTS_REFRESH_MS = 5000;
/** Request counts are kept per second for the last minute (and a little more, then dropped). */
const REQUEST_WINDOW_S = 60;

/**
 * The one staff channel ("main"): server stats and admin events. Only admins' sockets reach it
 * (worker/parties.ts). It asks the presence object (durable-objects/presence.ts) how many users
 * are online, which tells it of each change, and keeps the API request counts the isolates report (worker/observability/request-counter.ts). Stats are broadcast
 * from the alarm, which runs only while a staff socket is connected.
 */
export class AdminChannel extends Server<Env> {
  static options = { hibernate: true };

  #ended = new EndedSessions();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS stats_sent (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS request_counts (second INTEGER PRIMARY KEY, n INTEGER NOT NULL);
    `);
  }

  /** Called by the Worker (RPC): TutorsCacheUpdated, AdminInvoices and similar staff events. */
  async publish(event: ServerEvent): Promise<number> {
    this.broadcast(JSON.stringify(event));
    return [...this.getConnections()].length;
  }

  /** Called by the Worker (RPC) when an account is suspended: that admin's sockets close. */
  async closeUser(userId: number, reason: string): Promise<number> {
    let closed = 0;
    for (const connection of this.getConnections<{ userId: number }>()) {
      if (connection.state?.userId !== userId) continue;
      connection.close(4001, reason);
      closed++;
    }
    return closed;
  }

  /** Called by the Worker (RPC) when sign-in sessions of the user ended (null: all): their sockets here close. */
  async closeSessions(userId: number, sessionIds: readonly string[] | null): Promise<number> {
    if (sessionIds) this.#ended.add(sessionIds);
    let closed = 0;
    for (const connection of this.getConnections<SocketOwner>()) {
      if (!ownedBy(connection.state, userId, sessionIds)) continue;
      connection.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
      closed++;
    }
    return closed;
  }

  /** Called by the presence object when a user came online or went offline: stats refresh soon. */
  async presenceChanged(): Promise<void> {
    await this.#scheduleStats(this.#lastSent() + STATS_MIN_INTERVAL_MS);
  }

  /** Called by each Worker isolate every few seconds: how many API requests it served. */
  async recordRequests(count: number, at = Date.now()): Promise<void> {
    const second = Math.floor(at / 1000);
    const sql = this.ctx.storage.sql;
    sql.exec(
      "INSERT INTO request_counts (second, n) VALUES (?, ?) ON CONFLICT (second) DO UPDATE SET n = n + excluded.n",
      second,
      count,
    );
    sql.exec("DELETE FROM request_counts WHERE second <= ?", second - 2 * REQUEST_WINDOW_S);
    await this.#scheduleStats(this.#lastSent() + REQUESTS_REFRESH_MS);
  }

  /** API requests reported for the last minute, up to `now`. */
  requestsPerMinute(now = Date.now()): number {
    const second = Math.floor(now / 1000);
    const [row] = this.sql<{
      n: number;
    }>`SELECT coalesce(sum(n), 0) AS n FROM request_counts WHERE second > ${second - REQUEST_WINDOW_S} AND second <= ${second}`;
    return row?.n ?? 0;
  }

  async stats(now = new Date()): Promise<ServerStats> {
    const usersOnline = await presence(this.env).count();
    return computeServerStats(
      createDb(this.env),
      { usersOnline, requestsPerMinute: this.requestsPerMinute(now.getTime()) },
      now,
    );
  }

  async onConnect(connection: Connection<SocketOwner>, ctx: ConnectionContext): Promise<void> {
    const owner = ownerOf(ctx.request);
    if (this.#ended.has(owner.sessionId)) {
      connection.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
      return;
    }
    connection.setState(owner);
    connection.send(JSON.stringify({ type: "Connected", payload: {} } satisfies ServerEvent));
    // The newcomer gets the current numbers now; the broadcast rhythm is the alarm's.
    connection.send(
      JSON.stringify({ type: "ServerStats", payload: await this.stats() } satisfies ServerEvent),
    );
    await this.#scheduleStats(Date.now() + STATS_REFRESH_MS);
  }

  async onAlarm(): Promise<void> {
    if (!this.#watched()) return;
    const now = Date.now();
    this.broadcast(
      JSON.stringify({ type: "ServerStats", payload: await this.stats(new Date(now)) } satisfies ServerEvent),
    );
    this.ctx.storage.sql.exec(
      "INSERT INTO stats_sent (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at",
      now,
    );
    await this.ctx.storage.setAlarm(now + STATS_REFRESH_MS);
  }

  #watched(): boolean {
    return [...this.getConnections()].some((connection) => connection.readyState === WebSocket.OPEN);
  }

  #lastSent(): number {
    const [row] = this.sql<{ at: number }>`SELECT at FROM stats_sent WHERE id = 1`;
    return row?.at ?? 0;
  }

  /** Moves the alarm earlier (never later than `due`, never sooner than a second after the last send). */
  async #scheduleStats(due: number): Promise<void> {
    if (!this.#watched()) return;
    const at = Math.max(due, this.#lastSent() + STATS_MIN_INTERVAL_MS, Date.now());
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }
}
