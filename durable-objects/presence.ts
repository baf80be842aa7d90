import { Server } from "partyserver";
import type { Env } from "../worker/core/env";
import { describeError, createLogger } from "../worker/core/logger";
import { presenceChanged } from "./clients";

/**
 * Who is online, in one object ("main"): every user channel reports its user's flips here (the
 * first socket opened, the last one closed). A user channel asks it for its room partners'
 * status (a presence snapshot), and the staff channel asks it for the users-online count; each
 * flip is told to the staff channel so its stats refresh. It holds no sockets (the party gate in
 * worker/parties.ts answers 404 for it).
 */
export class Presence extends Server<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS online_users (user_id INTEGER PRIMARY KEY)");
  }

  /** Called by user channels when a user's first socket opens or last socket closes. */
  async userStatus(userId: number, online: boolean): Promise<void> {
    const sql = this.ctx.storage.sql;
    if (online) sql.exec("INSERT OR IGNORE INTO online_users (user_id) VALUES (?)", userId);
    else sql.exec("DELETE FROM online_users WHERE user_id = ?", userId);
    try {
      await presenceChanged(this.env);
    } catch (error) {
      createLogger("presence").warn("staff channel not told of a presence change", {
        userId,
        online,
        ...describeError(error),
      });
    }
  }

  /** Which of these users are online now. */
  async onlineAmong(userIds: readonly number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = this.sql<{
      user_id: number;
    }>`SELECT user_id FROM online_users WHERE user_id IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))`;
    return rows.map((row) => row.user_id);
  }

  /** How many users are online now (the staff channel's stats). */
  async count(): Promise<number> {
    const [row] = this.sql<{ n: number }>`SELECT count(*) AS n FROM online_users`;
    return row?.n ?? 0;
  }
}
