// The chat room as the local entry (emulators/local.ts) exports it: the production room plus the
// bench's seeding, so a deploy (worker/index.ts, which never imports emulators/) carries no bench code.
import { ChatRoom } from "../durable-objects/chat-room";

export class BenchChatRoom extends ChatRoom {
  /**
   * Local bench only (POST /dev/bench/fill, a local-only route; emulators/bench.ts): `count`
   * messages after the newest, from the two members in turn, one a minute from `startAt`, in one
   * statement. Nothing is broadcast and the room list's D1 summary is left as it is.
   */
  async seedBenchMessages(senders: [number, number], count: number, startAt: string): Promise<number> {
    // Never outside the local environment, whoever calls it.
    if (this.env.ENVIRONMENT !== "local") throw new Error("bench seeding is local only");
    if (count <= 0) return 0;
    this.ctx.storage.sql.exec(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
      INSERT INTO messages (sequence, revision, sender_id, text, created_at)
      SELECT base + i, base + i, CASE i % 2 WHEN 0 THEN ? ELSE ? END, 'رسالة تجريبية رقم ' || i,
        strftime('%Y-%m-%dT%H:%M:%fZ', ?, '+' || i || ' minutes')
      FROM n, (SELECT coalesce(max(revision), 0) AS base FROM messages)`,
      count,
      senders[1],
      senders[0],
      startAt,
    );
    // The room keeps its newest revision in memory: these messages moved it.
    this.forgetRevision();
    return count;
  }
}
