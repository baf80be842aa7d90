/**
 * A tutor's saved withdraw methods (docs/product.md §8 "withdraw-method-not-found"; docs/product.md §7 "querying
 * withdrawal methods"): destinations kept for the next withdrawal request, one of them the
 * default the request form starts with. At most MAX_WITHDRAW_METHODS live ones; the same
 * destination is kept once (saving it again updates its receiver). Deleting is soft, so past
 * requests, which copy their destination, never depend on a method still existing.
 */
import { and, desc, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import { MAX_WITHDRAW_METHODS, type Destination, type WithdrawMethodView } from "../../../schema/api/invoice";
import { withdrawMethods } from "../../../schema/db";
import type { Bank, WithdrawMethod } from "../../../schema/enums";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";

const view = {
  id: withdrawMethods.id,
  method: withdrawMethods.method,
  receiver: withdrawMethods.receiver,
  phone: withdrawMethods.phone,
  bank: withdrawMethods.bank,
  accountNumber: withdrawMethods.accountNumber,
  username: withdrawMethods.username,
  isDefault: withdrawMethods.isDefault,
  createdAt: withdrawMethods.createdAt,
  updatedAt: withdrawMethods.updatedAt,
};

type Row = Omit<WithdrawMethodView, "method" | "bank"> & { method: number; bank: string | null };

const toView = (row: Row): WithdrawMethodView => ({
  ...row,
  method: row.method as WithdrawMethod,
  bank: row.bank as Bank | null,
});

const live = (userId: number) => and(eq(withdrawMethods.userId, userId), isNull(withdrawMethods.deletedAt));

/** The method with this id, if it is the tutor's and not deleted. */
const ownLive = (userId: number, id: number) => and(eq(withdrawMethods.id, id), live(userId));

/** The destination's identity: the method and its own field (the receiver's name may change). */
const sameDestination = (destination: Destination): SQL =>
  sql`${withdrawMethods.method} = ${destination.method}
      AND ${withdrawMethods.phone} IS ${destination.phone}
      AND ${withdrawMethods.bank} IS ${destination.bank}
      AND ${withdrawMethods.accountNumber} IS ${destination.accountNumber}
      AND ${withdrawMethods.username} IS ${destination.username}`;

/** The tutor's live methods, the default first, then the newest. */
export async function listWithdrawMethods(db: Db, userId: number): Promise<WithdrawMethodView[]> {
  const rows = await db
    .select(view)
    .from(withdrawMethods)
    .where(live(userId))
    .orderBy(desc(withdrawMethods.isDefault), desc(withdrawMethods.id));
  return rows.map(toView);
}

async function readOwn(db: Db, userId: number, id: number): Promise<WithdrawMethodView> {
  const [row] = await db.select(view).from(withdrawMethods).where(ownLive(userId, id));
  return row ? toView(row) : fail("withdraw-method-not-found");
}

/** Clears every other default of the tutor, then marks this one: one batch. */
async function makeDefault(db: Db, userId: number, id: number, at: string): Promise<void> {
  await db.batch([
    db
      .update(withdrawMethods)
      .set({ isDefault: false, updatedAt: at })
      .where(and(live(userId), ne(withdrawMethods.id, id), eq(withdrawMethods.isDefault, true))),
    db.update(withdrawMethods).set({ isDefault: true, updatedAt: at }).where(ownLive(userId, id)),
  ]);
}

/**
 * Keeps a destination. Already kept: its receiver is updated and it is answered as it is (no
 * copy). A new one is inserted only while the tutor has fewer than MAX_WITHDRAW_METHODS, counted in
 * the same statement, so concurrent saves cannot pass the limit; the first one becomes the
 * default. `quiet`: at the limit, answer null instead of failing (a request's "save for next time").
 */
export async function saveWithdrawMethod(
  db: Db,
  userId: number,
  request: { destination: Destination; isDefault?: boolean },
  options: { quiet?: boolean; now?: Date } = {},
): Promise<WithdrawMethodView | null> {
  const at = (options.now ?? new Date()).toISOString();
  const { destination } = request;
  const [existing] = await db
    .update(withdrawMethods)
    .set({ receiver: destination.receiver, updatedAt: at })
    .where(and(live(userId), sameDestination(destination)))
    .returning({ id: withdrawMethods.id });
  let id = existing?.id;
  if (id === undefined) {
    const liveCount = sql`(SELECT COUNT(*) FROM withdraw_methods WHERE user_id = ${userId} AND deleted_at IS NULL)`;
    const inserted = await db.all<{ id: number }>(
      sql`INSERT INTO withdraw_methods (user_id, method, receiver, phone, bank, account_number, username, is_default, created_at, updated_at)
          SELECT ${userId}, ${destination.method}, ${destination.receiver}, ${destination.phone}, ${destination.bank},
                 ${destination.accountNumber}, ${destination.username}, ${liveCount} = 0, ${at}, ${at}
          WHERE ${liveCount} < ${MAX_WITHDRAW_METHODS}
          RETURNING id`,
    );
    id = inserted[0]?.id;
    if (id === undefined) return options.quiet ? null : fail("withdraw-methods-limit-reached");
  }
  if (request.isDefault) await makeDefault(db, userId, id, at);
  return readOwn(db, userId, id);
}

/** Replaces a method's destination (and makes it the default, or not, when asked). */
export async function updateWithdrawMethod(
  db: Db,
  userId: number,
  id: number,
  request: { destination: Destination; isDefault?: boolean },
  now = new Date(),
): Promise<WithdrawMethodView> {
  const at = now.toISOString();
  const [row] = await db
    .update(withdrawMethods)
    .set({
      ...request.destination,
      ...(request.isDefault === false ? { isDefault: false } : {}),
      updatedAt: at,
    })
    .where(ownLive(userId, id))
    .returning({ id: withdrawMethods.id });
  if (!row) fail("withdraw-method-not-found");
  if (request.isDefault) await makeDefault(db, userId, id, at);
  return readOwn(db, userId, id);
}

/** Soft-deletes a method; when it was the default, the newest one left takes its place (one batch). */
export async function deleteWithdrawMethod(
  db: Db,
  userId: number,
  id: number,
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  const [deleted] = await db.batch([
    db
      .update(withdrawMethods)
      .set({ deletedAt: at, isDefault: false, updatedAt: at })
      .where(ownLive(userId, id))
      .returning({ id: withdrawMethods.id }),
    db
      .update(withdrawMethods)
      .set({ isDefault: true, updatedAt: at })
      .where(
        and(
          eq(
            withdrawMethods.id,
            sql`(SELECT id FROM withdraw_methods WHERE user_id = ${userId} AND deleted_at IS NULL ORDER BY id DESC LIMIT 1)`,
          ),
          sql`NOT EXISTS (SELECT 1 FROM withdraw_methods WHERE user_id = ${userId} AND deleted_at IS NULL AND is_default = 1)`,
        ),
      ),
  ]);
  if (deleted.length === 0) fail("withdraw-method-not-found");
}

/** Whether the tutor has this live method (to tell why a request naming it was not stored). */
export async function hasWithdrawMethod(db: Db, userId: number, id: number): Promise<boolean> {
  const [row] = await db.select({ id: withdrawMethods.id }).from(withdrawMethods).where(ownLive(userId, id));
  return row !== undefined;
}
