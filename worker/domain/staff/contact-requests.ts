/**
 * Public contact requests (docs/product.md §7, contact-request; docs/rules.md, Validation bounds, "Contact
 * request"): stored, then the team (every admin) is told by email through the outbox. Staff list
 * them at /admin/contact-requests, reply by email (the sender's message quoted), set the state and keep
 * internal notes; every staff change is audited in the same batch (audit.ts).
 */
import { and, asc, count, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { contactRequests, outbox, users } from "../../../schema/db";
import { ContactRequestKind, ContactRequestState, Role } from "../../../schema/enums";
import type {
  ContactReplyBody,
  ContactRequestListQuery,
  ContactRequestListSort,
  ContactRequestStaffView,
  UpdateContactRequestBody,
  createContactRequestBody,
} from "../../../schema/api/contact-request";
import type { Paged } from "../../../schema/api/common";
import type { Db } from "../../core/context";
import type { Logger } from "../../core/logger";
import { DAY_MS } from "../../../schema/time";
import { retentionDays } from "../../../schema/rules";
import { fail } from "../../core/failure";
import type { Message, OutboxRow } from "../../notifications/outbox";
import { formatLessonTime } from "../../notifications/clock";
import { onTimeOf, DEFAULT_TIME_ZONE } from "../../../schema/time-zones";
import { arabicNumber } from "../../../schema/arabic-numbers";
import { likePattern } from "../tutors/topics";
import { auditStatement, withAudit, type AuditActor } from "./audit";

export type ContactRequestRow = typeof contactRequests.$inferSelect;
type ContactRequestInput = z.output<typeof createContactRequestBody>;

export async function createContactRequest(
  db: Db,
  input: ContactRequestInput,
  from: { userId: number | null; ip: string },
  now = new Date(),
): Promise<ContactRequestRow> {
  const [row] = await db
    .insert(contactRequests)
    .values({
      userId: from.userId,
      name: input.name,
      email: input.email ?? null,
      phone: input.phone ?? null,
      title: input.title,
      message: input.message,
      kind: input.kind,
      ip: from.ip,
      createdAt: now.toISOString(),
    })
    .returning();
  return row!;
}

/** The team that answers contact requests: active admins with an email. */
export async function contactTeam(db: Db): Promise<{ id: number; email: string }[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.role, [Role.SuperAdmin, Role.RegularAdmin]), isNull(users.deletedAt)));
}

const isDataRights = (row: Pick<ContactRequestRow, "kind">) => row.kind === ContactRequestKind.DataRights;

/** The email each team member gets (Arabic; the sender's own words quoted as sent). */
export function contactRequestMessage(row: ContactRequestRow, to: { id: number; email: string }): Message {
  const replyTo = [row.email, row.phone].filter(Boolean).join(" · ");
  return {
    userId: to.id,
    channel: "email",
    recipient: to.email,
    subject: isDataRights(row) ? `طلب بيانات شخصية جديد: ${row.title}` : `طلب تواصل جديد: ${row.title}`,
    body: [
      `وصل طلب تواصل جديد (رقم ${arabicNumber(row.id)}) من ${row.name}.`,
      ...(isDataRights(row)
        ? [
            "ده طلب يخص بياناته الشخصية (اطّلاع أو نسخة أو تصحيح أو مسح، قانون حماية البيانات الشخصية ١٥١ لسنة ٢٠٢٠).",
          ]
        : []),
      `للرد: ${replyTo}`,
      "",
      `العنوان: ${row.title}`,
      "",
      row.message,
    ].join("\n"),
  };
}

/** The email the sender gets: the team's reply, then their own message quoted. */
export function contactReplyMessage(row: ContactRequestRow, reply: string): Message & { recipient: string } {
  const quoted = row.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  return {
    userId: row.userId,
    channel: "email",
    recipient: row.email ?? "",
    subject: `رد فريق درس: ${row.title}`,
    body: [
      `أهلًا ${row.name}،`,
      "",
      reply,
      "",
      "فريق درس",
      "",
      `رسالتك يوم ${formatLessonTime(row.createdAt)} ${onTimeOf(DEFAULT_TIME_ZONE)}:`,
      `> ${row.title}`,
      ">",
      quoted,
    ].join("\n"),
  };
}

const handlerName = sql<string | null>`${users.name}`.as("handlerName");

type RowWithHandler = { request: ContactRequestRow; handlerName: string | null };

export function toContactRequestStaffView({ request, handlerName }: RowWithHandler): ContactRequestStaffView {
  return {
    id: request.id,
    userId: request.userId,
    name: request.name,
    email: request.email,
    phone: request.phone,
    title: request.title,
    message: request.message,
    kind: request.kind as ContactRequestKind,
    state: request.state as ContactRequestState,
    notes: request.notes,
    reply: request.reply,
    repliedAt: request.repliedAt,
    handledBy: request.handledBy === null ? null : { id: request.handledBy, name: handlerName ?? "" },
    handledAt: request.handledAt,
    createdAt: request.createdAt,
  };
}

/** Each sort's ORDER BY (ties broken by id, so pages never repeat or skip a row). */
const contactOrder: Record<ContactRequestListSort, SQL[]> = {
  created: [asc(contactRequests.createdAt), asc(contactRequests.id)],
  "-created": [desc(contactRequests.createdAt), desc(contactRequests.id)],
  // new, answered, closed: the order work is done in; newest first within each.
  state: [
    sql`CASE ${contactRequests.state} WHEN 'new' THEN 0 WHEN 'answered' THEN 1 ELSE 2 END`,
    desc(contactRequests.id),
  ],
  "-state": [
    sql`CASE ${contactRequests.state} WHEN 'new' THEN 0 WHEN 'answered' THEN 1 ELSE 2 END DESC`,
    desc(contactRequests.id),
  ],
};

/** GET /contact-request/list: one page and the total in one round trip. */
export async function listContactRequests(
  db: Db,
  query: ContactRequestListQuery,
): Promise<Paged<ContactRequestStaffView>> {
  const parts: SQL[] = [];
  if (query.state) parts.push(eq(contactRequests.state, query.state));
  if (query.kind) parts.push(eq(contactRequests.kind, query.kind));
  if (query.q) {
    const pattern = likePattern(query.q.toLowerCase());
    const like = (column: SQL) => sql`lower(coalesce(${column}, '')) LIKE ${pattern} ESCAPE '\\'`;
    parts.push(
      sql`(${sql.join(
        [
          like(sql`${contactRequests.name}`),
          like(sql`${contactRequests.email}`),
          like(sql`${contactRequests.phone}`),
          like(sql`${contactRequests.title}`),
          like(sql`${contactRequests.message}`),
        ],
        sql` OR `,
      )})`,
    );
  }
  const where = parts.length ? and(...parts) : undefined;
  const [list, [counted]] = await db.batch([
    db
      .select({ request: contactRequests, handlerName })
      .from(contactRequests)
      .leftJoin(users, eq(users.id, contactRequests.handledBy))
      .where(where)
      .orderBy(...contactOrder[query.sort])
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(contactRequests).where(where),
  ]);
  return { list: list.map(toContactRequestStaffView), total: counted?.total ?? 0 };
}

const oneWithHandler = (db: Db, id: number) =>
  db
    .select({ request: contactRequests, handlerName })
    .from(contactRequests)
    .leftJoin(users, eq(users.id, contactRequests.handledBy))
    .where(eq(contactRequests.id, id))
    .limit(1);

/** GET /contact-request/{id}. */
export async function getContactRequest(db: Db, id: number): Promise<ContactRequestStaffView> {
  const [row] = await oneWithHandler(db, id);
  return row ? toContactRequestStaffView(row) : fail("contact-request-not-found");
}

/** The admin home's figure: requests nobody has answered or closed (the state index). */
export async function countNewContactRequests(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contactRequests)
    .where(eq(contactRequests.state, ContactRequestState.New));
  return row?.n ?? 0;
}

/**
 * Emails the reply to the sender (their message quoted) and marks the request answered: the
 * request's change, the outbox row and the audit row in ONE batch, so a reply is never recorded
 * without its email or the other way round. The route queues the outbox row after the answer.
 */
export async function replyToContactRequest(
  db: Db,
  input: { id: number; body: ContactReplyBody; staffId: number; actor: AuditActor },
  now = new Date(),
): Promise<{ view: ContactRequestStaffView; outbox: OutboxRow }> {
  const [row] = await db.select().from(contactRequests).where(eq(contactRequests.id, input.id)).limit(1);
  if (!row) fail("contact-request-not-found");
  if (!row.email) fail("contact-request-no-email");
  const at = now.toISOString();
  const message = contactReplyMessage(row, input.body.reply);
  const [, [queued], , [after]] = await db.batch([
    db
      .update(contactRequests)
      .set({
        state: ContactRequestState.Answered,
        reply: input.body.reply,
        repliedAt: at,
        handledBy: input.staffId,
        handledAt: at,
      })
      .where(eq(contactRequests.id, row.id)),
    db
      .insert(outbox)
      .values({ ...message, code: null, dedupeKey: null, createdAt: at })
      .returning(),
    auditStatement(
      db,
      input.actor,
      {
        action: "contact-request.reply",
        targetType: "contact-request",
        targetId: row.id,
        before: { state: row.state },
        after: { state: ContactRequestState.Answered, replyLength: input.body.reply.length },
      },
      now,
      false,
    ),
    oneWithHandler(db, row.id),
  ]);
  return { view: toContactRequestStaffView(after!), outbox: queued! };
}

/** PATCH /contact-request/{id}: the state and/or the internal notes, with its audit row, one batch. */
export async function updateContactRequest(
  db: Db,
  input: { id: number; change: UpdateContactRequestBody; staffId: number; actor: AuditActor },
  now = new Date(),
): Promise<ContactRequestStaffView> {
  const at = now.toISOString();
  const { change } = input;
  const set: Partial<typeof contactRequests.$inferInsert> = { handledBy: input.staffId, handledAt: at };
  if (change.state !== undefined) set.state = change.state;
  if (change.notes !== undefined) set.notes = change.notes === "" ? null : change.notes;
  const after = {
    ...(change.state !== undefined ? { state: change.state } : {}),
    ...(change.notes !== undefined ? { notesLength: change.notes.length } : {}),
  };
  await withAudit(
    db,
    db.update(contactRequests).set(set).where(eq(contactRequests.id, input.id)),
    input.actor,
    { action: "contact-request.update", targetType: "contact-request", targetId: input.id, after },
    now,
  );
  return getContactRequest(db, input.id);
}

/**
 * How long a contact request is kept (docs/rules.md, Contact requests): one year
 * (schema/rules.ts, retentionDays) after the last staff action on it, or after it arrived when
 * nobody acted. It holds personal data (a name, an email or phone, the address it came from, the
 * message), kept no longer than the team may need it.
 */
export const CONTACT_REQUEST_RETENTION_MS = retentionDays.contactRequests * DAY_MS;

/** The hourly job: deletes the requests past their retention (one statement). */
export async function purgeOldContactRequests(db: Db, now: Date, logger?: Logger): Promise<number> {
  const before = new Date(now.getTime() - CONTACT_REQUEST_RETENTION_MS).toISOString();
  const deleted = await db
    .delete(contactRequests)
    .where(lt(sql`coalesce(${contactRequests.handledAt}, ${contactRequests.createdAt})`, before))
    .returning({ id: contactRequests.id });
  if (deleted.length)
    logger?.info("contact requests past their retention deleted", { count: deleted.length });
  return deleted.length;
}
