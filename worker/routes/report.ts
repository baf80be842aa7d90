import { createReportFields, type ReportView, reportContracts } from "../../schema/api/report";
import { ReportAttachmentKind, Role } from "../../schema/enums";
import { isErrorCode, type ErrorCode } from "../../schema/errors";
import {
  checkReportAttachments,
  createReport,
  findReport,
  isReportStaff,
  listReports,
  toReportView,
  updateReport,
} from "../domain/staff/reports";
import { checkImageContent } from "../domain/media/uploads";
import { auditActorOf } from "../domain/staff/audit";
import { bounds } from "../../schema/rules";
import { fail } from "../core/failure";
import { route } from "../http/route";

const staff = [Role.SuperAdmin, Role.RegularAdmin] as const;

const fileField = (form: FormData, name: string): File | null => {
  const value = form.get(name);
  return value instanceof File ? value : null;
};

export const reportRoutes = [
  route(reportContracts.create, {
    access: "signed-in",
    summary:
      "Report a problem (multipart: title 5..128, description 10..1000, url, source; optional files screenshot — png/jpeg/webp/gif ≤ 8 MB — and log — text ≤ 1 MB), checked before anything is stored.",
    async handle({ c, user }): Promise<ReportView> {
      const form = await c.req.formData().catch(() => fail("bad-request"));
      const text = (name: string) => {
        const value = form.get(name);
        return typeof value === "string" ? value : undefined;
      };
      const parsed = createReportFields.safeParse({
        title: text("title"),
        description: text("description"),
        url: text("url"),
        source: text("source"),
      });
      if (!parsed.success) {
        const fields: Record<string, ErrorCode> = {};
        for (const issue of parsed.error.issues)
          fields[issue.path.join(".")] ??= isErrorCode(issue.message) ? issue.message : "bad-request";
        fail(Object.values(fields)[0] ?? "bad-request", fields);
      }
      const attachments = checkReportAttachments({
        screenshot: fileField(form, ReportAttachmentKind.Screenshot),
        log: fileField(form, ReportAttachmentKind.Log),
      });
      // The screenshot by its content too: a real image of the type it was sent as.
      for (const attachment of attachments)
        if (attachment.kind === ReportAttachmentKind.Screenshot)
          if (
            (await checkImageContent(attachment.file, bounds.fileBytes.reportScreenshot, [
              attachment.contentType,
            ])) !== attachment.contentType
          )
            fail("invalid-type");
      await Promise.all(
        attachments.map((a) =>
          c.env.MEDIA.put(a.key, a.file.stream(), { httpMetadata: { contentType: a.contentType } }),
        ),
      );
      const row = await createReport(c.get("db"), {
        userId: user.id,
        fields: parsed.data,
        userAgent: c.req.header("user-agent") ?? null,
        attachments,
      });
      c.get("logger").info("report received", { reportId: row.id });
      return toReportView(row);
    },
  }),
  route(reportContracts.update, {
    access: staff,
    summary: "Staff mark a report resolved or open again and/or set its note.",
    handle: async ({ c, body, user }): Promise<ReportView> =>
      toReportView(await updateReport(c.get("db"), body, user.id, new Date(), auditActorOf(c, user.id))),
  }),
  route(reportContracts.list, {
    access: "signed-in",
    summary:
      "Reports, newest first, paged: the caller's own; staff everyone's (optionally ?status=open|resolved).",
    handle: ({ c, query, user }) =>
      listReports(c.get("db"), { ...query, userId: isReportStaff(user.role as Role) ? undefined : user.id }),
  }),
  route(reportContracts.asset, {
    access: "signed-in",
    summary: "A report's screenshot or log (private: its reporter and staff).",
    async handle({ c, params, user }) {
      const report = await findReport(c.get("db"), params.id);
      if (report.userId !== user.id && !isReportStaff(user.role as Role)) fail("report-not-found");
      const key = params.kind === ReportAttachmentKind.Screenshot ? report.screenshot : report.log;
      const object = key ? await c.env.MEDIA.get(key) : null;
      if (!object) fail("asset-not-found");
      return new Response(object.body, {
        headers: {
          "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
          "content-length": String(object.size),
          "cache-control": "private, no-store",
          "x-content-type-options": "nosniff",
          // The log is text to download, never a page of ours.
          ...(params.kind === ReportAttachmentKind.Log
            ? { "content-disposition": `attachment; filename="report-${report.id}.log"` }
            : {}),
        },
      });
    },
  }),
];
