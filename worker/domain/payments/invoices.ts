/**
 * Tutor earnings and withdrawal requests (docs/rules.md, Tutor earnings and withdrawals).
 * Earnings come from worker/domain/staff/stats.ts (fulfilled lessons' stored tutor_earning); the
 * withdrawable balance is earnings − requests pending or approved, an open request counted at the
 * larger of its amount and the amount its tutor proposed (UpdateRequested). A request is inserted,
 * and a larger amount proposed, by one conditional statement that re-reads the balance, so two
 * concurrent requests cannot overdraw.
 */
import { aliasedTable, and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  invoiceProposal,
  type CreateInvoiceRequest,
  type Destination,
  type InvoiceAction,
  type InvoiceListSort,
  type InvoiceProposal,
  type InvoiceStats,
  type InvoiceView,
} from "../../../schema/api/invoice";
import { invoices, users } from "../../../schema/db";
import { arabicMoney, arabicNumber } from "../../../schema/arabic-numbers";
import { InvoiceStatus, Role, WithdrawMethod, isAdmin, type Bank } from "../../../schema/enums";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import type { Scope } from "../../core/scope";
import { withAudit, type AuditActor } from "../staff/audit";
import { statement } from "../../core/db";
import { settings } from "../../core/settings";
import { likePattern } from "../tutors/topics";
import { withdrawLimits, withdrawLimitsFrom, withdrawalsSettingSql } from "../staff/platform-settings";
import { cairoMonthWindow, tutorEarningsSql } from "../staff/stats";
import type { UserRow } from "../identity/users";
import { hasWithdrawMethod, saveWithdrawMethod } from "./withdraw-methods";

export type InvoiceRow = typeof invoices.$inferSelect;

/** Staff who process withdrawals (docs/product.md §6: admins). */
export const isInvoiceStaff = (role: Role): boolean => isAdmin(role);

/** Requests that hold money back from the balance: waiting (0, 1, 5) or paid (3). */
const WAITING = [
  InvoiceStatus.PendingApproval,
  InvoiceStatus.PendingCancellation,
  InvoiceStatus.UpdateRequested,
] as const;
const HELD = [...WAITING, InvoiceStatus.Approved] as const;

const inStatuses = (statuses: readonly InvoiceStatus[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/**
 * What one request (table alias `o`) holds back: its amount, or the amount its tutor proposed when
 * larger (update_request is set only while UpdateRequested), so approving the update never needs
 * money the balance no longer has.
 */
const heldSql = (alias: string) =>
  sql.raw(`MAX(${alias}.amount, COALESCE(json_extract(${alias}.update_request, '$.amount'), 0))`);

/** The sum of a tutor's requests in these statuses, as a scalar subquery. */
const amountInSql = (tutorId: number, statuses: readonly InvoiceStatus[]) =>
  sql`(SELECT COALESCE(SUM(${heldSql("i")}), 0) FROM invoices i WHERE i.user_id = ${tutorId} AND i.status IN (${inStatuses(statuses)}))`;

// ---------------------------------------------------------------------------------------------
// Balance

type StatsRow = {
  earnings: number;
  earningsThisMonth: number;
  pending: number;
  withdrawn: number;
  limits: string | null;
};

/** A tutor's earnings, waiting and approved requests, and what is left to withdraw: one statement. */
export async function invoiceStats(db: Db, tutorId: number, now = new Date()): Promise<InvoiceStats> {
  const at = now.toISOString();
  const row = await statement(
    db,
    sql`SELECT ${tutorEarningsSql(tutorId, at)} AS earnings,
          ${tutorEarningsSql(tutorId, at, cairoMonthWindow(now))} AS earningsThisMonth,
          ${amountInSql(tutorId, WAITING)} AS pending,
          ${amountInSql(tutorId, [InvoiceStatus.Approved])} AS withdrawn,
          ${withdrawalsSettingSql} AS limits`,
  ).first<StatsRow>();
  const limits = withdrawLimitsFrom(row?.limits);
  const earnings = row?.earnings ?? 0;
  const pending = row?.pending ?? 0;
  const withdrawn = row?.withdrawn ?? 0;
  return {
    earnings,
    earningsThisMonth: row?.earningsThisMonth ?? 0,
    pending,
    withdrawn,
    // A lesson reported absent after a payout can take earnings below what was paid: never negative.
    withdrawable: Math.max(0, earnings - pending - withdrawn),
    minAmount: limits.min,
    maxAmount: limits.max,
    workingDays: settings.withdrawals.workingDays,
  };
}

/** A stored limit read inside SQL; the default when the setting is missing or unreadable. */
const limitSql = (field: "minInvoiceAmount" | "maxInvoiceAmount", fallback: number) =>
  sql`COALESCE((SELECT CASE WHEN json_valid(ps.value) THEN json_extract(ps.value, ${`$.${field}`}) END
                FROM platform_settings ps WHERE ps.key = 'withdrawals'), ${fallback})`;

/**
 * Inserts the request only while the amount is within the limits in force (the platform setting
 * an admin may change) and fits the withdrawable balance, both read in the same statement (D1
 * has no interactive transactions). A saved method is read in that statement too: its details are
 * copied into the request, so editing or deleting the method later never changes it. When nothing
 * was inserted, the reason is read: `withdraw-method-not-found`, then the min/max codes on
 * `amount`, otherwise `insufficient-balance`. A new destination with `save` is then kept for
 * next time (quietly skipped at the saved-methods limit: the request itself went through).
 */
export async function createInvoice(
  db: Db,
  tutorId: number,
  request: CreateInvoiceRequest,
  now = new Date(),
): Promise<InvoiceRow> {
  const at = now.toISOString();
  const { amount, note, to } = request;
  const allowed = sql`${amount} >= ${limitSql("minInvoiceAmount", settings.withdrawals.minAmount)}
          AND ${amount} <= ${limitSql("maxInvoiceAmount", settings.withdrawals.maxAmount)}
          AND ${tutorEarningsSql(tutorId, at)} - ${amountInSql(tutorId, HELD)} >= ${amount}`;
  const insert = sql`INSERT INTO invoices (user_id, amount, method, receiver, phone, bank, account_number, username, status, note, created_at, updated_at)`;
  const row = await statement(
    db,
    "saved" in to
      ? sql`${insert}
          SELECT ${tutorId}, ${amount}, wm.method, wm.receiver, wm.phone, wm.bank, wm.account_number, wm.username, ${InvoiceStatus.PendingApproval}, ${note}, ${at}, ${at}
          FROM withdraw_methods wm
          WHERE wm.id = ${to.saved} AND wm.user_id = ${tutorId} AND wm.deleted_at IS NULL AND ${allowed}
          RETURNING id`
      : sql`${insert}
          SELECT ${tutorId}, ${amount}, ${to.destination.method}, ${to.destination.receiver}, ${to.destination.phone}, ${to.destination.bank},
                 ${to.destination.accountNumber}, ${to.destination.username}, ${InvoiceStatus.PendingApproval}, ${note}, ${at}, ${at}
          WHERE ${allowed}
          RETURNING id`,
  ).first<{ id: number }>();
  if (!row) {
    if ("saved" in to && !(await hasWithdrawMethod(db, tutorId, to.saved)))
      fail("withdraw-method-not-found", { withdrawMethodId: "withdraw-method-not-found" });
    const limits = await withdrawLimits(db);
    if (amount < limits.min) fail("min-invoice-amount-subceeded", { amount: "min-invoice-amount-subceeded" });
    if (amount > limits.max) fail("max-invoice-amount-exceeded", { amount: "max-invoice-amount-exceeded" });
    fail("insufficient-balance");
  }
  if ("destination" in to && to.save)
    await saveWithdrawMethod(db, tutorId, { destination: to.destination }, { quiet: true, now });
  return findInvoice(db, row.id);
}

// ---------------------------------------------------------------------------------------------
// State changes

export type InvoiceChange = InvoiceAction | "approve";

type Transition = { from: readonly InvoiceStatus[]; to: InvoiceStatus | null; by: "owner" | "staff" };

/** The statuses a tutor may still change (edit or ask to cancel) a request in. */
const OPEN_TO_OWNER = [InvoiceStatus.PendingApproval, InvoiceStatus.UpdateRequested] as const;

/**
 * Who may do what from which status (to null: the status stays). Approved, Rejected and Canceled
 * are final. A tutor asks to cancel; staff cancel directly ("canceled by admin"). A tutor's edit
 * is a proposal (→ UpdateRequested) staff approve or refuse (→ PendingApproval); while one waits,
 * staff settle it before they pay, reject or cancel the request (`invoice-update-pending`), and
 * the tutor may still edit it again or ask to cancel (which drops the proposal).
 */
export function transitionFor(change: InvoiceChange, actor: "owner" | "staff"): Transition | null {
  const table: Record<InvoiceChange, Transition[]> = {
    cancel: [
      { from: OPEN_TO_OWNER, to: InvoiceStatus.PendingCancellation, by: "owner" },
      {
        from: [InvoiceStatus.PendingApproval, InvoiceStatus.PendingCancellation],
        to: InvoiceStatus.Canceled,
        by: "staff",
      },
    ],
    update: [{ from: OPEN_TO_OWNER, to: InvoiceStatus.UpdateRequested, by: "owner" }],
    approve: [{ from: [InvoiceStatus.PendingApproval], to: InvoiceStatus.Approved, by: "staff" }],
    reject: [{ from: [InvoiceStatus.PendingApproval], to: InvoiceStatus.Rejected, by: "staff" }],
    "approve-cancel": [
      { from: [InvoiceStatus.PendingCancellation], to: InvoiceStatus.Canceled, by: "staff" },
    ],
    "refuse-cancel": [
      { from: [InvoiceStatus.PendingCancellation], to: InvoiceStatus.PendingApproval, by: "staff" },
    ],
    note: [{ from: WAITING, to: null, by: "staff" }],
    "approve-update": [
      { from: [InvoiceStatus.UpdateRequested], to: InvoiceStatus.PendingApproval, by: "staff" },
    ],
    "refuse-update": [
      { from: [InvoiceStatus.UpdateRequested], to: InvoiceStatus.PendingApproval, by: "staff" },
    ],
  };
  return table[change].find((t) => t.by === actor) ?? null;
}

export async function findInvoice(db: Db, id: number): Promise<InvoiceRow> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row ?? fail("invoice-not-found");
}

/** Why a change from this status is refused: staff must settle a proposed update first. */
const refusedFrom = (status: number, transition: Transition) =>
  status === InvoiceStatus.UpdateRequested && transition.by === "staff"
    ? fail("invoice-update-pending")
    : fail("illegal-invoice-update");

/**
 * Reads the request and decides whether the caller may make this change now: the owner their own
 * tutor actions, staff theirs (`forbidden` otherwise); from a status the change does not leave
 * (`illegal-invoice-update`, or `invoice-update-pending` for a staff decision while the tutor's
 * proposed update waits). Another tutor's request is `invoice-not-found`.
 */
export async function authorizeChange(
  db: Db,
  caller: UserRow,
  id: number,
  change: InvoiceChange,
): Promise<{ invoice: InvoiceRow; transition: Transition }> {
  const invoice = await findInvoice(db, id);
  const staff = isInvoiceStaff(caller.role as Role);
  if (!staff && invoice.userId !== caller.id) fail("invoice-not-found");
  const transition = transitionFor(change, staff ? "staff" : "owner");
  if (!transition) fail("forbidden");
  if (!transition.from.includes(invoice.status as InvoiceStatus)) refusedFrom(invoice.status, transition);
  return { invoice, transition };
}

type ChangeFields = Partial<Destination> & { note?: string | null; receipt?: string };

/**
 * Applies the change only if the request is still in a status it leaves (one conditional
 * UPDATE: a concurrent change makes this one `illegal-invoice-update`). Staff changes record
 * who acted and when.
 */
export async function applyChange(
  scope: Pick<Scope, "db" | "now">,
  {
    caller,
    invoice,
    transition,
    fields = {},
    actor,
  }: {
    caller: UserRow;
    invoice: InvoiceRow;
    transition: Transition;
    fields?: ChangeFields;
    /** Who is recorded in the audit log for a staff change. */
    actor?: AuditActor;
  },
): Promise<InvoiceRow> {
  const { db, now } = scope;
  const at = now.toISOString();
  const staff = transition.by === "staff";
  const paying = transition.to === InvoiceStatus.Approved;
  const update = db
    .update(invoices)
    .set({
      ...fields,
      ...(transition.to === null ? {} : { status: transition.to }),
      // Asking to cancel drops a proposed update: refused, the request is back as it was.
      ...(transition.to === InvoiceStatus.PendingCancellation
        ? { updateRequest: null, updateRequestedAt: null }
        : {}),
      ...(staff ? { addressedBy: caller.id, addressedAt: at } : {}),
      updatedAt: at,
    })
    .where(
      and(
        eq(invoices.id, invoice.id),
        inArray(invoices.status, [...transition.from]),
        paying ? stillCoveredSql(invoice, at) : undefined,
      ),
    )
    .returning();
  // A staff decision is recorded with the change (the destination's details are not copied).
  const action =
    transition.to === InvoiceStatus.Approved
      ? "invoice.approve"
      : transition.to === InvoiceStatus.Rejected
        ? "invoice.reject"
        : transition.to === InvoiceStatus.Canceled
          ? "invoice.cancel"
          : "invoice.update";
  const entry = {
    action,
    targetType: "invoice",
    targetId: invoice.id,
    before: { status: invoice.status, note: invoice.note },
    after: {
      status: transition.to ?? invoice.status,
      ...(fields.note !== undefined ? { note: fields.note } : {}),
      ...(fields.receipt ? { receipt: true } : {}),
    },
  } as const;
  const [updated] = await withAudit(db, update, staff ? actor : undefined, entry, now);
  if (updated) return updated;
  const current = await findInvoice(db, invoice.id);
  // Still waiting, yet not paid: the earnings no longer cover it (a lesson reported absent since).
  if (paying && current.status === InvoiceStatus.PendingApproval) fail("invoice-not-valid");
  // The tutor proposed an update meanwhile: staff settle it first.
  return refusedFrom(current.status, transition);
}

/**
 * A payout must still be covered when it is made: the tutor's earnings now, less every other
 * request that holds money (waiting or paid), are at least its amount. Earnings can fall after a
 * request was made (a lesson reported absent), and paying then would pay out more than was earned.
 */
function stillCoveredSql(invoice: InvoiceRow, at: string): SQL {
  return sql`${tutorEarningsSql(invoice.userId, at)} - ${heldByOthersSql(invoice)} >= ${invoice.amount}`;
}

/** What the tutor's other requests hold back (waiting or paid), as a scalar subquery. */
const heldByOthersSql = (invoice: Pick<InvoiceRow, "id" | "userId">) =>
  sql`(SELECT COALESCE(SUM(${heldSql("o")}), 0) FROM invoices o
    WHERE o.user_id = ${invoice.userId} AND o.id <> ${invoice.id} AND o.status IN (${inStatuses(HELD)}))`;

// ---------------------------------------------------------------------------------------------
// Proposed updates (UpdateRequested)

/** The values a request has now, in the shape of a proposal. */
const valuesOf = (invoice: InvoiceRow): InvoiceProposal => ({
  amount: invoice.amount,
  method: invoice.method as WithdrawMethod,
  receiver: invoice.receiver,
  phone: invoice.phone,
  bank: invoice.bank as Bank | null,
  accountNumber: invoice.accountNumber,
  username: invoice.username,
});

/** The stored proposal of a request (null when none, or unreadable). */
export function proposalOf(invoice: Pick<InvoiceRow, "updateRequest">): InvoiceProposal | null {
  if (!invoice.updateRequest) return null;
  try {
    const parsed = invoiceProposal.safeParse(JSON.parse(invoice.updateRequest));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const proposalFields = [
  "amount",
  "method",
  "receiver",
  "phone",
  "bank",
  "accountNumber",
  "username",
] as const;

/** The fields in which two sets of values differ. */
export const changedFields = (a: InvoiceProposal, b: InvoiceProposal) =>
  proposalFields.filter((field) => a[field] !== b[field]);

/** The stored JSON of a proposal, its keys in one order (compared as text by the staff decision). */
const proposalJson = (proposal: InvoiceProposal) =>
  JSON.stringify(Object.fromEntries(proposalFields.map((field) => [field, proposal[field]])));

/**
 * The tutor proposes a new amount and/or destination for a request still open to them
 * (PendingApproval or UpdateRequested). The values in force stay; the proposal sits beside them
 * (→ UpdateRequested) until staff approve or refuse it, and a further edit replaces it. Values
 * equal to the ones in force change nothing (or, while a proposal waits, withdraw it: back to
 * PendingApproval); values equal to the waiting proposal change nothing either.
 *
 * A proposed amount is held to the limits in force and, when larger than the amount in force, to
 * the balance: earnings − what the tutor's other requests hold ≥ the proposed amount, read in the
 * same conditional UPDATE (D1 has no interactive transactions). When nothing was written the
 * reason is read: the status changed meanwhile (`illegal-invoice-update`), the min/max codes on
 * `amount`, otherwise `insufficient-balance`.
 */
export async function proposeInvoiceUpdate(
  scope: Pick<Scope, "db" | "now">,
  {
    invoice,
    amount,
    destination,
  }: { invoice: InvoiceRow; amount: number | undefined; destination: Destination },
): Promise<{ invoice: InvoiceRow; changed: boolean }> {
  const { db, now } = scope;
  const at = now.toISOString();
  const proposal: InvoiceProposal = { ...destination, amount: amount ?? invoice.amount };
  const waiting = proposalOf(invoice);
  const open = inArray(invoices.status, [...OPEN_TO_OWNER]);
  if (changedFields(proposal, valuesOf(invoice)).length === 0) {
    if (invoice.status !== InvoiceStatus.UpdateRequested) return { invoice, changed: false };
    // Back to the values in force: the proposal is withdrawn.
    const [withdrawn] = await db
      .update(invoices)
      .set({
        status: InvoiceStatus.PendingApproval,
        updateRequest: null,
        updateRequestedAt: null,
        updatedAt: at,
      })
      .where(and(eq(invoices.id, invoice.id), open))
      .returning();
    return withdrawn ? { invoice: withdrawn, changed: true } : fail("illegal-invoice-update");
  }
  if (
    invoice.status === InvoiceStatus.UpdateRequested &&
    waiting &&
    changedFields(proposal, waiting).length === 0
  )
    return { invoice, changed: false };
  const { amount: asked } = proposal;
  const allowed = sql`${asked} >= ${limitSql("minInvoiceAmount", settings.withdrawals.minAmount)}
          AND ${asked} <= ${limitSql("maxInvoiceAmount", settings.withdrawals.maxAmount)}
          AND (${asked} <= ${invoices.amount} OR ${tutorEarningsSql(invoice.userId, at)} - ${heldByOthersSql(invoice)} >= ${asked})`;
  const [updated] = await db
    .update(invoices)
    .set({
      status: InvoiceStatus.UpdateRequested,
      updateRequest: proposalJson(proposal),
      updateRequestedAt: at,
      updatedAt: at,
    })
    .where(and(eq(invoices.id, invoice.id), open, allowed))
    .returning();
  if (updated) return { invoice: updated, changed: true };
  const current = await findInvoice(db, invoice.id);
  if (!(OPEN_TO_OWNER as readonly number[]).includes(current.status)) fail("illegal-invoice-update");
  const limits = await withdrawLimits(db);
  if (asked < limits.min) fail("min-invoice-amount-subceeded", { amount: "min-invoice-amount-subceeded" });
  if (asked > limits.max) fail("max-invoice-amount-exceeded", { amount: "max-invoice-amount-exceeded" });
  return fail("insufficient-balance", { amount: "insufficient-balance" });
}

/**
 * Staff settle a tutor's proposed update: approved, its values replace the ones in force; refused,
 * the values in force stay (with the reason as the request's note, when given). Either way the
 * request is PendingApproval again, the proposal cleared, who acted recorded, and an audit row
 * (status, amount and method before and after, and which fields the proposal changed: the
 * destination's numbers are not copied) written in the same batch. One conditional UPDATE on the
 * proposal staff read: a tutor's edit in between makes this `illegal-invoice-update`.
 */
export async function settleInvoiceUpdate(
  scope: Pick<Scope, "db" | "now">,
  {
    caller,
    invoice,
    approve,
    note,
    actor,
  }: {
    caller: UserRow;
    invoice: InvoiceRow;
    approve: boolean;
    note?: string;
    actor?: AuditActor;
  },
): Promise<InvoiceRow> {
  const { db, now } = scope;
  const at = now.toISOString();
  const proposal = proposalOf(invoice);
  const before = valuesOf(invoice);
  const after = approve && proposal ? proposal : before;
  const update = db
    .update(invoices)
    .set({
      ...(approve && proposal ? after : {}),
      ...(note !== undefined ? { note } : {}),
      status: InvoiceStatus.PendingApproval,
      updateRequest: null,
      updateRequestedAt: null,
      addressedBy: caller.id,
      addressedAt: at,
      updatedAt: at,
    })
    .where(
      and(
        eq(invoices.id, invoice.id),
        eq(invoices.status, InvoiceStatus.UpdateRequested),
        invoice.updateRequest === null
          ? sql`${invoices.updateRequest} IS NULL`
          : eq(invoices.updateRequest, invoice.updateRequest),
      ),
    )
    .returning();
  const entry = {
    action: approve ? "invoice.approve-update" : "invoice.refuse-update",
    targetType: "invoice",
    targetId: invoice.id,
    before: { status: invoice.status, amount: before.amount, method: before.method },
    after: {
      status: InvoiceStatus.PendingApproval,
      amount: after.amount,
      method: after.method,
      proposed: proposal ? changedFields(proposal, before) : [],
      ...(note !== undefined ? { note } : {}),
    },
  } as const;
  const [updated] = await withAudit(db, update, actor, entry, now);
  return updated ?? fail("illegal-invoice-update");
}

// ---------------------------------------------------------------------------------------------
// Reading

const addresser = aliasedTable(users, "addresser");

// Aliased: D1's batch answers rows as objects, where two columns named "name" would collide.
const viewColumns = {
  invoice: invoices,
  userName: sql<string | null>`${users.name}`.as("user_name"),
  userEmail: sql<string>`${users.email}`.as("user_email"),
  addressedByName: sql<string | null>`${addresser.name}`.as("addressed_by_name"),
};

type ViewRow = {
  invoice: InvoiceRow;
  userName: string | null;
  userEmail: string;
  addressedByName: string | null;
};

export const receiptPath = (key: string) => `/api/v1/assets/${key}`;

export function toInvoiceView({ invoice, userName, userEmail, addressedByName }: ViewRow): InvoiceView {
  const proposal = invoice.status === InvoiceStatus.UpdateRequested ? proposalOf(invoice) : null;
  return {
    id: invoice.id,
    userId: invoice.userId,
    userName,
    userEmail,
    amount: invoice.amount,
    method: invoice.method as WithdrawMethod,
    receiver: invoice.receiver,
    phone: invoice.phone,
    bank: invoice.bank as Bank | null,
    accountNumber: invoice.accountNumber,
    username: invoice.username,
    status: invoice.status as InvoiceStatus,
    note: invoice.note,
    updateRequest: proposal
      ? { ...proposal, requestedAt: invoice.updateRequestedAt ?? invoice.updatedAt }
      : null,
    receipt: invoice.receipt ? receiptPath(invoice.receipt) : null,
    addressedBy: invoice.addressedBy,
    addressedByName,
    addressedAt: invoice.addressedAt,
    createdAt: invoice.createdAt,
    updatedAt: invoice.updatedAt,
  };
}

const withNames = (db: Db) =>
  db
    .select(viewColumns)
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .leftJoin(addresser, eq(addresser.id, invoices.addressedBy));

export async function readInvoiceView(db: Db, id: number): Promise<InvoiceView> {
  const [row] = await withNames(db).where(eq(invoices.id, id)).limit(1);
  return row ? toInvoiceView(row) : fail("invoice-not-found");
}

/** Each sort's ORDER BY (ties broken by id, so pages never repeat or skip a row). */
const invoiceOrder: Record<InvoiceListSort, SQL[]> = {
  created: [asc(invoices.createdAt), asc(invoices.id)],
  "-created": [desc(invoices.createdAt), desc(invoices.id)],
  amount: [asc(invoices.amount), asc(invoices.id)],
  "-amount": [desc(invoices.amount), desc(invoices.id)],
  status: [asc(invoices.status), desc(invoices.createdAt), desc(invoices.id)],
  "-status": [desc(invoices.status), desc(invoices.createdAt), desc(invoices.id)],
  tutor: [sql`lower(coalesce(${users.name}, ${users.email}))`, desc(invoices.createdAt), desc(invoices.id)],
  "-tutor": [
    sql`lower(coalesce(${users.name}, ${users.email})) DESC`,
    desc(invoices.createdAt),
    desc(invoices.id),
  ],
};

/** Newest first unless sorted otherwise; `q` searches the tutor's name or email and the receiver; one batch (page + total). */
export async function listInvoices(
  db: Db,
  filter: {
    userId?: number;
    status?: number;
    q?: string;
    sort?: InvoiceListSort;
    page: number;
    size: number;
  },
) {
  const parts: SQL[] = [];
  if (filter.userId !== undefined) parts.push(eq(invoices.userId, filter.userId));
  if (filter.status !== undefined) parts.push(eq(invoices.status, filter.status));
  if (filter.q) {
    const pattern = likePattern(filter.q.toLowerCase());
    parts.push(
      sql`(lower(coalesce(${users.name}, '')) LIKE ${pattern} ESCAPE '\\' OR lower(${users.email}) LIKE ${pattern} ESCAPE '\\' OR lower(coalesce(${invoices.receiver}, '')) LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  const where = parts.length ? and(...parts) : undefined;
  const [list, [counted]] = await db.batch([
    withNames(db)
      .where(where)
      .orderBy(...invoiceOrder[filter.sort ?? "-created"])
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db
      .select({ total: sql<number>`count(*)` })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(where),
  ]);
  return { list: list.map(toInvoiceView), total: counted?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Receipts (private, under receipts/ in R2)

export const RECEIPT_PREFIX = "receipts/";

const receiptExtension: Record<(typeof settings.withdrawals.receipt.types)[number], string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "application/pdf": "pdf",
};

/** Checks a receipt's type and size before anything is stored; answers its R2 key. */
export function receiptKeyFor(invoiceId: number, file: File): string {
  const type = file.type as keyof typeof receiptExtension;
  if (!(type in receiptExtension)) fail("invalid-type");
  if (file.size > settings.withdrawals.receipt.maxBytes) fail("large-file-size");
  return `${RECEIPT_PREFIX}invoice-${invoiceId}-${crypto.randomUUID()}.${receiptExtension[type]}`;
}

/** Only the request's tutor and staff may read its receipt. */
export async function receiptOwner(db: Db, key: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: invoices.userId })
    .from(invoices)
    .where(eq(invoices.receipt, key))
    .limit(1);
  return row?.userId ?? null;
}

// ---------------------------------------------------------------------------------------------
// Notifications (Arabic)

// Money and numbers as the screens show them (schema/arabic-numbers.ts): «١٥٠ ج.م.‏», «٤».
const money = arabicMoney;
const days = { format: arabicNumber };

export const invoiceMessages = {
  approved: (amount: number) => ({
    subject: "أرباحك من درس اتحوّلت",
    body: `وافقنا على طلب سحب ${money(amount)} وحوّلنا المبلغ. تقدر تشوف إيصال التحويل في صفحة الأرباح.`,
  }),
  rejected: (amount: number) => ({
    subject: "طلب السحب في درس اترفض",
    body: `طلب سحب ${money(amount)} اترفض. شوف سبب الرفض في صفحة الأرباح، والمبلغ رجع لرصيدك المتاح للسحب.`,
  }),
  canceled: (amount: number) => ({
    subject: "طلب السحب في درس اتلغى",
    body: `طلب سحب ${money(amount)} اتلغى، والمبلغ رجع لرصيدك المتاح للسحب.`,
  }),
  cancelRefused: (amount: number) => ({
    subject: "مقدرناش نوافق على إلغاء طلب السحب",
    body: `مقدرناش نوافق على إلغاء طلب سحب ${money(amount)}، والطلب هيكمل وهيتنفذ خلال ${days.format(settings.withdrawals.workingDays.min)} إلى ${days.format(settings.withdrawals.workingDays.max)} أيام عمل.`,
  }),
  updateApproved: (amount: number) => ({
    subject: "وافقنا على تعديل طلب السحب في درس",
    body: `وافقنا على التعديل اللي طلبته، وطلب السحب دلوقتي بمبلغ ${money(amount)}. التحويل بياخد من ${days.format(settings.withdrawals.workingDays.min)} لـ ${days.format(settings.withdrawals.workingDays.max)} أيام عمل، وتقدر تتابعه من صفحة الأرباح.`,
  }),
  updateRefused: (amount: number, withReason: boolean) => ({
    subject: "مقدرناش نوافق على تعديل طلب السحب في درس",
    body: `مقدرناش نوافق على التعديل اللي طلبته، وطلب سحب ${money(amount)} فاضل زي ما هو بنفس طريقة التحويل.${withReason ? " تقدر تشوف السبب في صفحة الأرباح." : ""}`,
  }),
};
