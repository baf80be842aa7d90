/**
 * Problem reports (docs/product.md §7, report): a signed-in user describes a problem, optionally with a
 * screenshot and a log; admins read every report, mark it resolved and keep a note. Attachments
 * are private (R2 receipts/ prefix), read back only by the reporter and admins.
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { withAudit, type AuditActor } from "./audit";
import {
  reportScreenshotTypes,
  type CreateReportFields,
  type ReportListQuery,
  type ReportListSort,
  type ReportStatus,
  type ReportView,
  type UpdateReportBody,
} from "../../../schema/api/report";
import { assets, reports, users } from "../../../schema/db";
import { ReportAttachmentKind, Role, isAdmin } from "../../../schema/enums";
import { bounds } from "../../../schema/rules";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { RECEIPT_PREFIX } from "../payments/invoices";
import { likePattern } from "../tutors/topics";

export type ReportRow = typeof reports.$inferSelect;

/** Who handles reports (docs/product.md §6: admins). */
export const isReportStaff = (role: Role): boolean => isAdmin(role);

/** A checked attachment, ready to store: its R2 key, type and the file. */
export type ReportAttachment = { kind: ReportAttachmentKind; key: string; contentType: string; file: File };

const screenshotExtension: Record<(typeof reportScreenshotTypes)[number], string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};

/** A log is text: any text/* type, or a .log/.txt file the browser gave no type. */
function isLogFile(file: File): boolean {
  if (file.type) return file.type.startsWith("text/");
  return /\.(log|txt)$/i.test(file.name);
}

/**
 * Type then size of each attachment, before anything is stored (docs/rules.md,
 * Validation bounds, "Files": screenshot ≤ 8 MB image, log ≤ 1 MB text). Empty file fields count as absent.
 */
export function checkReportAttachments(files: {
  screenshot: File | null;
  log: File | null;
}): ReportAttachment[] {
  const checked: ReportAttachment[] = [];
  const { screenshot, log } = files;
  if (screenshot && screenshot.size > 0) {
    const type = screenshot.type as (typeof reportScreenshotTypes)[number];
    if (!reportScreenshotTypes.includes(type)) fail("invalid-type");
    if (screenshot.size > bounds.fileBytes.reportScreenshot) fail("large-file-size");
    const key = `${RECEIPT_PREFIX}report-${crypto.randomUUID()}.${screenshotExtension[type]}`;
    checked.push({ kind: ReportAttachmentKind.Screenshot, key, contentType: type, file: screenshot });
  }
  if (log && log.size > 0) {
    if (!isLogFile(log)) fail("invalid-type");
    if (log.size > bounds.fileBytes.reportLog) fail("large-file-size");
    const key = `${RECEIPT_PREFIX}report-${crypto.randomUUID()}.log`;
    checked.push({
      kind: ReportAttachmentKind.Log,
      key,
      contentType: "text/plain; charset=utf-8",
      file: log,
    });
  }
  return checked;
}

export const reportStatusOf = (row: Pick<ReportRow, "resolved">): ReportStatus =>
  row.resolved ? "resolved" : "open";

/** Where a report's attachment is read back (GET /report/{id}/asset/{kind}). */
export const reportAssetPath = (id: number, kind: ReportAttachmentKind) =>
  `/api/v1/report/${id}/asset/${kind}`;

type ReporterColumns = { reporterName: string | null; reporterEmail: string | null };

export function toReportView(row: ReportRow & Partial<ReporterColumns>): ReportView {
  return {
    id: row.id,
    userId: row.userId,
    reporter: row.reporterEmail ? { name: row.reporterName ?? null, email: row.reporterEmail } : null,
    title: row.title,
    description: row.message,
    screenshot: row.screenshot ? reportAssetPath(row.id, ReportAttachmentKind.Screenshot) : null,
    log: row.log ? reportAssetPath(row.id, ReportAttachmentKind.Log) : null,
    url: row.url,
    userAgent: row.userAgent,
    source: row.source,
    status: reportStatusOf(row),
    note: row.note,
    resolvedBy: row.resolvedBy,
    resolvedAt: row.resolvedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Stores the report and records its attachments in the media ledger: one batch (the files are already in R2). */
export async function createReport(
  db: Db,
  input: {
    userId: number;
    fields: CreateReportFields;
    userAgent: string | null;
    attachments: ReportAttachment[];
  },
  now = new Date(),
): Promise<ReportRow> {
  const at = now.toISOString();
  const keyOf = (kind: ReportAttachmentKind) => input.attachments.find((a) => a.kind === kind)?.key ?? null;
  const insert = db
    .insert(reports)
    .values({
      userId: input.userId,
      title: input.fields.title,
      message: input.fields.description,
      url: input.fields.url || null,
      source: input.fields.source ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      screenshot: keyOf(ReportAttachmentKind.Screenshot),
      log: keyOf(ReportAttachmentKind.Log),
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const ledger = input.attachments.map((a) =>
    db.insert(assets).values({
      key: a.key,
      kind: a.kind,
      userId: input.userId,
      uploadedBy: input.userId,
      contentType: a.contentType,
      size: a.file.size,
      createdAt: at,
    }),
  );
  const [rows] = await db.batch([insert, ...ledger]);
  return rows[0]!;
}

const reporterName = sql<string | null>`${users.name}`.as("reporterName");
const reporterEmail = sql<string | null>`${users.email}`.as("reporterEmail");

/** Newest first, paged, with the reporter's name and email: one round trip. */
/** Each sort's ORDER BY (ties broken by id, so pages never repeat or skip a row). */
const reportOrder: Record<ReportListSort, SQL[]> = {
  created: [asc(reports.id)],
  "-created": [desc(reports.id)],
  title: [sql`lower(coalesce(${reports.title}, ''))`, desc(reports.id)],
  "-title": [sql`lower(coalesce(${reports.title}, '')) DESC`, desc(reports.id)],
  // Open (0) before resolved (1), newest first within each.
  status: [asc(reports.resolved), desc(reports.id)],
  "-status": [desc(reports.resolved), desc(reports.id)],
};

export async function listReports(
  db: Db,
  filter: Omit<ReportListQuery, "sort"> & { sort?: ReportListSort; userId?: number },
) {
  const parts: SQL[] = [];
  if (filter.userId !== undefined) parts.push(eq(reports.userId, filter.userId));
  if (filter.status !== undefined) parts.push(eq(reports.resolved, filter.status === "resolved"));
  if (filter.q) {
    const pattern = likePattern(filter.q.toLowerCase());
    parts.push(
      sql`(lower(coalesce(${reports.title}, '')) LIKE ${pattern} ESCAPE '\\' OR lower(${reports.message}) LIKE ${pattern} ESCAPE '\\' OR lower(coalesce(${users.name}, '')) LIKE ${pattern} ESCAPE '\\' OR lower(coalesce(${users.email}, '')) LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  const where = parts.length ? and(...parts) : undefined;
  const [list, [counted]] = await db.batch([
    db
      .select({ report: reports, reporterName, reporterEmail })
      .from(reports)
      .leftJoin(users, eq(users.id, reports.userId))
      .where(where)
      .orderBy(...reportOrder[filter.sort ?? "-created"])
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db
      .select({ total: sql<number>`count(*)` })
      .from(reports)
      .leftJoin(users, eq(users.id, reports.userId))
      .where(where),
  ]);
  return {
    list: list.map((row) =>
      toReportView({ ...row.report, reporterName: row.reporterName, reporterEmail: row.reporterEmail }),
    ),
    total: counted?.total ?? 0,
  };
}

export async function findReport(db: Db, id: number): Promise<ReportRow> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row ?? fail("report-not-found");
}

/** Staff change: resolve (recording who and when), reopen (clearing both), and/or set the note. One statement. */
export async function updateReport(
  db: Db,
  change: UpdateReportBody,
  staffId: number,
  now = new Date(),
  actor?: AuditActor,
): Promise<ReportRow> {
  const at = now.toISOString();
  const set: Partial<typeof reports.$inferInsert> = { updatedAt: at };
  // Resolving twice keeps who resolved it first and when.
  if (change.status === "resolved")
    Object.assign(set, {
      resolved: true,
      resolvedBy: sql`CASE WHEN ${reports.resolved} THEN ${reports.resolvedBy} ELSE ${staffId} END`,
      resolvedAt: sql`CASE WHEN ${reports.resolved} THEN ${reports.resolvedAt} ELSE ${at} END`,
    });
  if (change.status === "open") Object.assign(set, { resolved: false, resolvedBy: null, resolvedAt: null });
  if (change.note !== undefined) set.note = change.note === "" ? null : change.note;
  const after = {
    ...(change.status ? { resolved: change.status === "resolved" } : {}),
    ...(change.note !== undefined ? { note: change.note } : {}),
  };
  const update = db.update(reports).set(set).where(eq(reports.id, change.id)).returning();
  const [row] = await withAudit(
    db,
    update,
    actor,
    { action: "report.update", targetType: "report", targetId: change.id, after },
    now,
  );
  return row ?? fail("report-not-found");
}
