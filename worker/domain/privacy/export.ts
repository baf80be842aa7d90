// A person's copy of their data (docs/rules.md, "Your data: export, consents, retention"; the
// right of access and portability of Law 151 of 2020). The request stores a pending row and
// answers at once; the ZIP is built after the answer (scope.waitUntil) and written to R2 under
// exports/<userId>/<id>.zip. A build that throws marks the row failed; a pending row the isolate
// never finished (older than STALE_PENDING_MS) counts as failed too, so the person may ask again.
import { and, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import {
  assets,
  authSessions,
  chatRoomMembers,
  consents,
  dataExports,
  invoices,
  lessonMembers,
  lessons,
  outbox,
  ratingFlags,
  ratings,
  refunds,
  reports,
  students,
  studentLevels,
  studentWords,
  notificationPreferences,
  subscriptions,
  transactions,
  tutors,
  users,
  withdrawMethods,
} from "../../../schema/db";
import type { DataExportView } from "../../../schema/api/privacy";
import type { Paged } from "../../../schema/api/common";
import { dataExportEveryHours, retentionDays } from "../../../schema/rules";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../../../schema/time";
import type { Db, UserRow } from "../../core/context";
import type { Scope } from "../../core/scope";
import { d1, statement } from "../../core/db";
import { fail } from "../../core/failure";
import { describeError } from "../../core/logger";
import { chatRoom } from "../../../durable-objects/clients";
import { notifyUser } from "../../notifications/notify";
import { buildZip, type ZipEntry } from "./zip";
import { favouritesForExport } from "../learning/favourites";
import { lessonNotesForExport } from "../learning/notes-export";
import { pushDevicesForExport } from "../../notifications/push";

type ExportRow = typeof dataExports.$inferSelect;

/** A pending export older than this was lost with its isolate: it counts as failed. */
export const STALE_PENDING_MS = 30 * MINUTE_MS;

/** The uploaded files put in the ZIP, at most this many bytes in all: the Worker holds them and the ZIP (a second copy) in its 128 MB. */
export const EXPORT_FILES_MAX_BYTES = 24 * 1024 * 1024;

const CHAT_PAGE = 500;

/** The download path of an export (the SPA fetches it with the bearer token). */
export const exportUrl = (id: number) => `/api/v1/user/current/export/${id}`;

export function exportView(row: ExportRow, now: Date): DataExportView {
  const stale = row.state === "pending" && Date.parse(row.createdAt) < now.getTime() - STALE_PENDING_MS;
  const expired = row.state === "ready" && row.expiresAt !== null && row.expiresAt <= now.toISOString();
  const state = stale ? "failed" : expired ? "expired" : (row.state as DataExportView["state"]);
  return {
    id: row.id,
    state,
    createdAt: row.createdAt,
    readyAt: row.readyAt,
    expiresAt: row.expiresAt,
    size: row.size,
    url: state === "ready" ? exportUrl(row.id) : null,
  };
}

/**
 * POST /user/current/export: at most one a day (a failed one does not count: it may be retried).
 * One round trip: lost pending rows are marked failed and the new row inserted unless another
 * counts, in one batch, so two requests at once store one export.
 */
export async function requestExport(scope: Scope, user: UserRow): Promise<DataExportView> {
  const { db, now } = scope;
  const at = now.toISOString();
  const since = new Date(now.getTime() - dataExportEveryHours * HOUR_MS).toISOString();
  const staleBefore = new Date(now.getTime() - STALE_PENDING_MS).toISOString();
  const [, inserted] = await d1(db).batch<ExportRow>([
    statement(
      db,
      sql`UPDATE data_exports SET state = 'failed', error = 'lost', updated_at = ${at}
        WHERE user_id = ${user.id} AND state = 'pending' AND created_at < ${staleBefore}`,
    ),
    statement(
      db,
      sql`INSERT INTO data_exports (user_id, state, created_at, updated_at)
        SELECT ${user.id}, 'pending', ${at}, ${at}
        WHERE NOT EXISTS (SELECT 1 FROM data_exports
          WHERE user_id = ${user.id} AND state != 'failed' AND created_at > ${since})
        RETURNING id, user_id AS userId, state, key, size, error, ready_at AS readyAt,
          expires_at AS expiresAt, created_at AS createdAt, updated_at AS updatedAt`,
    ),
  ]);
  const row = inserted?.results[0];
  if (!row) fail("export-too-soon");
  scope.waitUntil(buildExport(scope, row.id));
  return exportView(row, now);
}

/** GET /user/current/export: the person's exports, newest first, paged. */
export async function listExports(
  db: Db,
  userId: number,
  page: { page: number; size: number },
  now: Date,
): Promise<Paged<DataExportView>> {
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, userId))
      .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(dataExports).where(eq(dataExports.userId, userId)),
  ]);
  return { list: rows.map((row) => exportView(row, now)), total: total?.total ?? 0 };
}

/** GET /user/current/export/{id}: the ZIP, to its owner only; anyone else learns nothing (export-not-found). */
export async function downloadExport(scope: Scope, userId: number, id: number): Promise<Response> {
  const [row] = await scope.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
  if (!row) fail("export-not-found");
  const view = exportView(row, scope.now);
  if (view.state === "pending") fail("export-not-ready");
  if (view.state !== "ready" || !row.key) fail("export-not-found");
  const object = await scope.env.MEDIA.get(row.key);
  if (!object) fail("export-not-found");
  return new Response(object.body, {
    headers: {
      "content-type": "application/zip",
      "content-length": String(object.size),
      "content-disposition": `attachment; filename="dars-my-data-${row.id}.zip"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/** Builds the ZIP of a pending export; never throws (a failure is stored on the row and logged). */
export async function buildExport(scope: Scope, exportId: number): Promise<void> {
  const { db, env, logger } = scope;
  try {
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
    if (!row || row.state !== "pending") return;
    const entries = await collectEntries(scope, row.userId);
    const now = new Date();
    const zip = buildZip(entries, now);
    const key = `exports/${row.userId}/${row.id}.zip`;
    await env.MEDIA.put(key, zip, { httpMetadata: { contentType: "application/zip" } });
    const readyAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + retentionDays.dataExports * DAY_MS).toISOString();
    const done = await db
      .update(dataExports)
      .set({ state: "ready", key, size: zip.length, readyAt, expiresAt, error: null, updatedAt: readyAt })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.state, "pending")))
      .returning({ id: dataExports.id });
    if (!done.length) {
      // Marked failed as lost meanwhile: the file is not offered, so it is not kept either.
      await env.MEDIA.delete(key);
      return;
    }
    await notifyUser(
      scope,
      row.userId,
      {
        subject: "نسخة بياناتك جاهزة",
        body: "جهّزنا نسخة من بياناتك في درس. تقدر تنزّلها من صفحة الإعدادات، قسم «بياناتك»، لمدة ٧ أيام، وبعدها بتتمسح.",
      },
      "security",
    );
  } catch (error) {
    logger.error("data export failed", { exportId, ...describeError(error) });
    try {
      await db
        .update(dataExports)
        .set({ state: "failed", error: String(error).slice(0, 500), updatedAt: new Date().toISOString() })
        .where(and(eq(dataExports.id, exportId), eq(dataExports.state, "pending")));
    } catch (inner) {
      logger.error("data export not marked failed", { exportId, ...describeError(inner) });
    }
  }
}

const json = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value, null, 2));

/** Every file of the ZIP: one JSON per kind, the person's own uploads, and the README. */
async function collectEntries(scope: Scope, userId: number): Promise<ZipEntry[]> {
  const { db } = scope;
  const ownLessons = db
    .select({ id: lessonMembers.lessonId })
    .from(lessonMembers)
    .where(eq(lessonMembers.userId, userId));
  const ownTransactions = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.userId, userId));
  const [
    [user],
    tutorRows,
    studentRows,
    sessionRows,
    lessonRows,
    memberRows,
    subscriptionRows,
    transactionRows,
    refundRows,
    invoiceRows,
    withdrawRows,
    roomRows,
    given,
    received,
    flagRows,
    reportRows,
    outboxRows,
    consentRows,
    assetRows,
    wordRows,
    notificationPreferenceRows,
    levelRows,
  ] = await db.batch([
    db.select().from(users).where(eq(users.id, userId)),
    db.select().from(tutors).where(eq(tutors.id, userId)),
    db.select().from(students).where(eq(students.id, userId)),
    db.select().from(authSessions).where(eq(authSessions.userId, userId)),
    db.select().from(lessons).where(inArray(lessons.id, ownLessons)).orderBy(lessons.start),
    db.select().from(lessonMembers).where(eq(lessonMembers.userId, userId)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    db.select().from(transactions).where(eq(transactions.userId, userId)),
    db.select().from(refunds).where(inArray(refunds.transactionId, ownTransactions)),
    db.select().from(invoices).where(eq(invoices.userId, userId)),
    db.select().from(withdrawMethods).where(eq(withdrawMethods.userId, userId)),
    db
      .select({ roomId: chatRoomMembers.roomId })
      .from(chatRoomMembers)
      .where(eq(chatRoomMembers.userId, userId)),
    db.select().from(ratings).where(eq(ratings.raterId, userId)),
    db
      .select({
        id: ratings.id,
        value: ratings.value,
        text: ratings.text,
        createdAt: ratings.createdAt,
        // The person's own replies to ratings of them (docs/rules.md, Reviews).
        reply: ratings.reply,
        repliedAt: ratings.repliedAt,
        replyEditedAt: ratings.replyEditedAt,
      })
      .from(ratings)
      .where(eq(ratings.rateeId, userId)),
    // The ratings the person flagged and why (rating_flags).
    db
      .select({
        ratingId: ratingFlags.ratingId,
        reason: ratingFlags.reason,
        createdAt: ratingFlags.createdAt,
      })
      .from(ratingFlags)
      .where(eq(ratingFlags.userId, userId)),
    db.select().from(reports).where(eq(reports.userId, userId)),
    db
      .select({
        id: outbox.id,
        channel: outbox.channel,
        recipient: outbox.recipient,
        subject: outbox.subject,
        body: outbox.body,
        status: outbox.status,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
      })
      .from(outbox)
      .where(eq(outbox.userId, userId)),
    db.select().from(consents).where(eq(consents.userId, userId)).orderBy(consents.createdAt),
    db
      .select()
      .from(assets)
      .where(and(eq(assets.userId, userId), isNull(assets.deletedAt))),
    db.select().from(studentWords).where(eq(studentWords.studentId, userId)).orderBy(studentWords.createdAt),
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    db
      .select()
      .from(studentLevels)
      .where(or(eq(studentLevels.studentId, userId), eq(studentLevels.tutorId, userId)))
      .orderBy(studentLevels.createdAt),
  ]);
  if (!user) throw new Error(`export: user ${userId} not found`);
  // Secrets and keys that mean nothing outside are left out; what they tell is kept.
  const { passwordHash, googleSub, telegramChatId, ...profile } = user;
  const chat = await ownMessages(
    scope,
    userId,
    roomRows.map((room) => room.roomId),
  );
  const files = await ownFiles(scope, assetRows);
  const savedTutors = await favouritesForExport(db, userId);
  const lessonNotes = await lessonNotesForExport(db, userId);
  const pushDevices = await pushDevicesForExport(db, userId);
  const entries: ZipEntry[] = [
    { name: "README.txt", data: new TextEncoder().encode(README) },
    {
      name: "profile.json",
      data: json({
        ...profile,
        hasPassword: passwordHash !== null,
        googleLinked: googleSub !== null,
        telegramLinked: telegramChatId !== null,
        tutor: tutorRows[0] ?? null,
        student: studentRows[0] ?? null,
      }),
    },
    { name: "sessions.json", data: json(sessionRows) },
    { name: "lessons.json", data: json({ lessons: lessonRows, membership: memberRows }) },
    {
      name: "subscriptions-and-transactions.json",
      data: json({ subscriptions: subscriptionRows, transactions: transactionRows }),
    },
    { name: "refunds.json", data: json(refundRows) },
    { name: "invoices.json", data: json({ invoices: invoiceRows, withdrawMethods: withdrawRows }) },
    { name: "chat-messages.json", data: json(chat) },
    { name: "ratings.json", data: json({ given, received, flagged: flagRows }) },
    { name: "reports.json", data: json(reportRows) },
    { name: "notifications.json", data: json(outboxRows) },
    { name: "consents.json", data: json(consentRows) },
    { name: "words.json", data: json(wordRows) },
    { name: "saved-tutors.json", data: json(savedTutors) },
    { name: "notification-preferences.json", data: json(notificationPreferenceRows[0] ?? null) },
    { name: "push-devices.json", data: json(pushDevices) },
    {
      name: "levels.json",
      data: json({
        yours: levelRows.filter((row) => row.studentId === userId),
        setByYou: levelRows.filter((row) => row.tutorId === userId),
      }),
    },
    { name: "lesson-notes.json", data: json(lessonNotes) },
    { name: "files.json", data: json(files.index) },
    ...files.entries,
  ];
  return entries;
}

/** The person's own messages in each of their rooms (the other member's text is never read into the ZIP). */
async function ownMessages(scope: Scope, userId: number, roomIds: readonly number[]) {
  const rooms: {
    roomId: number;
    messages: {
      sequence: number;
      text: string;
      createdAt: string;
      editedAt: string | null;
      deletedAt: string | null;
    }[];
  }[] = [];
  for (const roomId of roomIds) {
    const room = chatRoom(scope.env, roomId);
    const messages: (typeof rooms)[number]["messages"] = [];
    for (let page = 1; ; page++) {
      const answer = await room.listMessages(userId, page, CHAT_PAGE);
      if (answer.result !== "ok") break;
      for (const message of answer.list)
        if (message.senderId === userId)
          messages.push({
            sequence: message.sequence,
            text: message.text,
            createdAt: message.createdAt,
            editedAt: message.editedAt,
            deletedAt: message.deletedAt,
          });
      if (answer.list.length < CHAT_PAGE) break;
    }
    messages.sort((a, b) => a.sequence - b.sequence);
    rooms.push({ roomId, messages });
  }
  return rooms;
}

type AssetRow = typeof assets.$inferSelect;

/** The person's uploads read from R2, up to EXPORT_FILES_MAX_BYTES; the rest listed as left out. */
async function ownFiles(scope: Scope, rows: readonly AssetRow[]) {
  const entries: ZipEntry[] = [];
  const index: {
    id: number;
    kind: string;
    contentType: string;
    size: number;
    createdAt: string;
    file: string | null;
    note?: string;
  }[] = [];
  let total = 0;
  for (const asset of rows) {
    const base = {
      id: asset.id,
      kind: asset.kind,
      contentType: asset.contentType,
      size: asset.size,
      createdAt: asset.createdAt,
    };
    if (total + asset.size > EXPORT_FILES_MAX_BYTES) {
      index.push({ ...base, file: null, note: "too-large-for-the-zip" });
      continue;
    }
    const object = await scope.env.MEDIA.get(asset.key);
    if (!object) {
      index.push({ ...base, file: null, note: "missing" });
      continue;
    }
    const data = new Uint8Array(await object.arrayBuffer());
    total += data.length;
    const name = `files/${asset.id}-${asset.key.split("/").pop() ?? "file"}`;
    entries.push({ name, data });
    index.push({ ...base, file: name });
  }
  return { entries, index };
}

/** What each file is, in Arabic (the ZIP's README.txt). */
const README = `نسخة بياناتك في درس
======================

الملف ده فيه كل البيانات اللي درس شايلها عنك، بصيغة JSON (تتفتح بأي محرّر نصوص).

README.txt  — الملف ده.
profile.json  — بيانات حسابك: الاسم والبريد والموبايل والمحافظة والنوع وسنة الميلاد والمنطقة الزمنية، وملفك كمدرس أو طالب. كلمة المرور مش موجودة (إحنا أصلًا شايلين نسخة مشفّرة منها بس).
sessions.json  — الأجهزة اللي سجّلت دخول منها: نوع الجهاز والمتصفح والبلد ووقت الدخول والخروج.
lessons.json  — حصصك: مواعيدها وحالتها وحضورك.
subscriptions-and-transactions.json  — اشتراكاتك وعمليات الدفع بتاعتك (عن طريق فوري).
refunds.json  — المبالغ اللي رجعتلك.
invoices.json  — طلبات السحب (للمدرسين) وطرق السحب اللي سجّلتها.
chat-messages.json  — رسايلك إنت بس في المحادثات، مع رقم كل محادثة. رسايل الطرف التاني مش موجودة لأنها بياناته هو.
ratings.json  — التقييمات اللي إديتها، والتقييمات اللي اتكتبت عنك (من غير اسم اللي كتبها) مع ردودك عليها، والتقييمات اللي بلّغت عنها.
reports.json  — البلاغات والمشاكل اللي بعتّها لفريق درس.
notifications.json  — الرسايل اللي بعتناها لك (بريد وواتساب وتليجرام)، في حدود المدة اللي بنحتفظ فيها بنصّها.
consents.json  — موافقاتك (الإحصائيات والرسايل التسويقية): كل اختيار بوقته ونسخة النص اللي شفته.
notification-preferences.json  — اختياراتك للإشعارات: كل نوع بيوصلك على أنهي قناة، وساعات الهدوء.
push-devices.json  — الأجهزة اللي فعّلت عليها الإشعارات: إمتى فعّلتها وآخر إشعار وصلها وخدمة الإشعارات بتاعة المتصفح (من غير مفاتيحها).
words.json  — «كلماتي»: الكلمات اللي اتعلمتها في حصصك بمعناها ومثالها، ومواعيد تمرينها وإمتى اتعلمتها.
saved-tutors.json  — المدرّسين اللي حفظتهم وإمتى، ولكل محادثة بدأها طالب مع مدرّس: إمتى وصلت أول رسالة وإمتى جه أول رد.
levels.json  — مستواك في الإنجليزي (من A1 لـ C2) زي ما حدده مدرّسينك مع السبب والتاريخ، ولو إنت مدرّس: المستويات اللي حددتها لطلابك.
lesson-notes.json  — ملاحظات حصصك: اللي اتشرح والكلمات الجديدة والواجب وإمتى خلّصته، والردود اللي كتبتها (الملفات المرفقة متسمّية بس).
files.json  — قائمة الملفات اللي رفعتها، وفولدر files فيه الملفات نفسها (الصورة الشخصية والفيديوهات وغيرها). لو ملف كبير قوي مكانش في النسخة، هتلاقيه في القائمة ومكتوب جنبه too-large-for-the-zip.

الأوقات كلها بتوقيت UTC. لو عندك سؤال أو عايز تصحّح حاجة، ابعتلنا من صفحة «تواصل معنا» واختار «طلب بخصوص بياناتي».
`;
