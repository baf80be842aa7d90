import { z } from "zod";
import { LinkSource, ReportAttachmentKind } from "../enums";
import { contactMessageRule, contactTitleRule } from "../rules";
import { idParam, paged, pageQuery } from "./common";
import { contract } from "./contract";

/**
 * POST /report/with/asset — multipart: the text fields below, plus optional files named after
 * ReportAttachmentKind: `screenshot` (an image ≤ 8 MB) and `log` (plain text ≤ 1 MB).
 * Title and description share the contact request bounds (5..128 and 10..1000).
 */
export const createReportFields = z.object({
  title: contactTitleRule,
  description: contactMessageRule,
  /** The page the reporter was on (a path inside the app). */
  url: z.string({ error: "bad-request" }).trim().max(500, "bad-request").optional(),
  /** The link source the visitor came by (docs/product.md §3: wa, sfb, ...); an unknown one is dropped, never refused. */
  source: z
    .enum(Object.values(LinkSource) as [LinkSource, ...LinkSource[]])
    .optional()
    .catch(undefined),
});
export type CreateReportFields = z.infer<typeof createReportFields>;

/** Image types a screenshot may have; a log is any text/* file (or a .log/.txt without a type). */
export const reportScreenshotTypes = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

/** Report status as staff see it: open until resolved; resolving can be undone. */
export const ReportStatus = { Open: "open", Resolved: "resolved" } as const;
export type ReportStatus = (typeof ReportStatus)[keyof typeof ReportStatus];
const reportStatus = z.enum([ReportStatus.Open, ReportStatus.Resolved], { error: "bad-request" });

/** PUT /report — staff mark a report resolved or open again and/or set its note (empty clears it). */
export const updateReportBody = z
  .object({
    id: z.number({ error: "bad-request" }).int("bad-request").positive("bad-request"),
    status: reportStatus.optional(),
    note: z.string({ error: "bad-request" }).trim().max(1000, "bad-request").optional(),
  })
  .refine((body) => body.status !== undefined || body.note !== undefined, { message: "empty-request" });
export type UpdateReportBody = z.infer<typeof updateReportBody>;

/** GET /report/list — the caller's own; staff everyone's, optionally by status. Newest first. */
/** The staff reports table's sortable columns, each ascending or (with "-") descending. */
export const reportListSorts = ["created", "-created", "title", "-title", "status", "-status"] as const;
export type ReportListSort = (typeof reportListSorts)[number];

export const reportListQuery = pageQuery.extend({
  status: reportStatus.optional(),
  /** Search as you type: the title, the text, or the reporter's name or email (any case). */
  q: z.string({ error: "bad-request" }).trim().max(100, "bad-request").optional(),
  /** The order: a column, descending with a leading "-"; newest first by default. */
  sort: z.enum(reportListSorts, { error: "bad-request" }).default("-created"),
});
export type ReportListQuery = z.infer<typeof reportListQuery>;

export const reportView = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  /** The reporter's name and email (staff lists), null when anonymous. */
  reporter: z.object({ name: z.string().nullable(), email: z.string() }).nullable(),
  title: z.string().nullable(),
  description: z.string(),
  /** GET paths of the private attachments (the reporter and staff), null when none was sent. */
  screenshot: z.string().nullable(),
  log: z.string().nullable(),
  url: z.string().nullable(),
  userAgent: z.string().nullable(),
  source: z.string().nullable(),
  status: z.enum(ReportStatus),
  note: z.string().nullable(),
  resolvedBy: z.number().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReportView = z.output<typeof reportView>;

/** GET /report/{id}/asset/{kind} — one of a report's attachments. */
export const reportAssetParam = idParam.extend({
  kind: z.enum([ReportAttachmentKind.Screenshot, ReportAttachmentKind.Log], { error: "bad-request" }),
});

/** The report endpoints (worker/routes/report.ts). */
export const reportContracts = {
  create: contract({
    method: "post",
    path: "/report/with/asset",
    body: "multipart",
    status: 201,
    response: reportView,
  }),
  update: contract({ method: "put", path: "/report", body: updateReportBody, response: reportView }),
  list: contract({
    method: "get",
    path: "/report/list",
    query: reportListQuery,
    response: paged(reportView),
  }),
  asset: contract({
    method: "get",
    path: "/report/:id/asset/:kind",
    params: reportAssetParam,
    response: "file",
  }),
};
