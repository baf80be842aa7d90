// What a piece of Worker code sends to D1, recorded at the D1 binding's session, where every
// prepare().first/all/run/raw and every batch leaves the isolate. Used by
// tests/worker/round-trips.test.ts (how many round trips a hot path makes) and
// tests/worker/query-plans.test.ts (how SQLite runs each statement).
import { env } from "cloudflare:workers";

/** One statement as D1 received it: its SQL and the values bound to it. */
export type SentStatement = { sql: string; params: unknown[] };

/** One round trip: a statement run on its own, or a whole batch (`sql` joins the batch's with ";\n"). */
export type Trip = { sql: string; statements: SentStatement[] };

/**
 * Records the round trips made while `run` is awaited. Notification delivery is left out unless
 * `all`: it runs after the response (waitUntil), not on the request's path, and locally its
 * statements are the outbox status update and the messaging emulators' own tables (emulators/),
 * which stand in for outside services.
 */
export async function roundTrips(run: () => Promise<unknown>, { all = false } = {}): Promise<Trip[]> {
  const statement = env.DB.prepare("SELECT 1") as unknown as { dbSession: object };
  const session = Object.getPrototypeOf(statement.dbSession) as Record<string, unknown>;
  const trips: Trip[] = [];
  // `_send(endpoint, query, params, …)` carries prepare().first/all/run/raw and batches without
  // JSRPC (a batch: arrays of SQL and of params); `_queryOrThrow({ queries: [{ sql, params }] })`
  // the JSRPC path. Each call is one request to D1.
  const wrapped = (["_send", "_queryOrThrow"] as const).map((name) => {
    const own = Object.prototype.hasOwnProperty.call(session, name);
    const original = session[name] as (...args: unknown[]) => Promise<unknown>;
    session[name] = function (this: unknown, ...args: unknown[]) {
      const statements: SentStatement[] =
        name === "_send"
          ? Array.isArray(args[1])
            ? (args[1] as string[]).map((sql, i) => ({
                sql,
                params: ((args[2] as unknown[][]) ?? [])[i] ?? [],
              }))
            : [{ sql: String(args[1]), params: (args[2] as unknown[]) ?? [] }]
          : (args[0] as { queries: Array<{ sql: string; params?: unknown[] }> }).queries.map((q) => ({
              sql: q.sql,
              params: q.params ?? [],
            }));
      trips.push({ sql: statements.map((s) => s.sql).join(";\n"), statements });
      return original.apply(this, args);
    };
    return () => {
      if (own) session[name] = original;
      else delete session[name];
    };
  });
  try {
    await run();
  } finally {
    for (const restore of wrapped) restore();
  }
  if (all) return trips;
  return trips.filter(
    (trip) => !/^update "notifications_outbox"/i.test(trip.sql) && !/_emulator_/i.test(trip.sql),
  );
}
