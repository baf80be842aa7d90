import { type InvoiceStats, type InvoiceView, invoiceContracts } from "../../schema/api/invoice";
import { InvoiceStatus, Role } from "../../schema/enums";
import {
  RECEIPT_PREFIX,
  applyChange,
  authorizeChange,
  createInvoice,
  invoiceMessages,
  invoiceStats,
  isInvoiceStaff,
  listInvoices,
  proposeInvoiceUpdate,
  readInvoiceView,
  receiptKeyFor,
  receiptOwner,
  settleInvoiceUpdate,
  type InvoiceRow,
} from "../domain/payments/invoices";
import { messagesTo } from "../notifications/channels";
import { findRecipient } from "../notifications/preferences";
import type { AppContext } from "../http/context";
import { fail } from "../core/failure";
import { notify } from "../notifications/notify";
import { auditActorOf } from "../domain/staff/audit";
import { checkReceiptContent } from "../domain/media/uploads";
import { route } from "../http/route";
import { scopeOf } from "../http/scope";
import { publishLater } from "../realtime/events";

const tutorSide = [Role.Tutor, Role.TutorManager] as const;
const staff = [Role.SuperAdmin, Role.RegularAdmin] as const;

/**
 * After a change: the tutor's screens (InvoiceUpdated, or InvoiceDeleted once a cancellation
 * took the request out of the balance) and the staff list (AdminInvoices), after the response.
 */
function publishChange(c: AppContext, invoice: InvoiceRow): void {
  const tutorEvent =
    invoice.status === InvoiceStatus.Canceled
      ? ({ type: "InvoiceDeleted", payload: { invoiceId: invoice.id } } as const)
      : ({ type: "InvoiceUpdated", payload: { invoiceId: invoice.id, status: invoice.status } } as const);
  publishLater(
    scopeOf(c),
    { to: "users", userIds: [invoice.userId], event: tutorEvent },
    { to: "admins", event: { type: "AdminInvoices", payload: { invoiceId: invoice.id } } },
  );
}

/** Staff decisions are told to the tutor (email, and their messaging app when verified). */
async function tellTutor(
  c: AppContext,
  invoice: InvoiceRow,
  text: { subject: string; body: string },
): Promise<void> {
  const tutor = await findRecipient(c.get("db"), invoice.userId);
  if (tutor)
    await Promise.all(messagesTo(tutor, text, "payments").map((message) => notify(scopeOf(c), message)));
}

export const invoiceRoutes = [
  route(invoiceContracts.create, {
    access: tutorSide,
    summary:
      "Request a withdrawal within the limits in force (default 100..50,000 EGP) and the withdrawable balance, to a wallet, a bank account or Instapay.",
    async handle({ c, body, user }): Promise<InvoiceView> {
      const db = c.get("db");
      const invoice = await createInvoice(db, user.id, body);
      publishChange(c, invoice);
      return readInvoiceView(db, invoice.id);
    },
  }),
  route(invoiceContracts.list, {
    access: [...tutorSide, ...staff],
    summary:
      "Withdrawal requests, newest first, paged: a tutor's own; staff everyone's (or one tutor's); by status.",
    handle({ c, query, user }) {
      const isStaff = isInvoiceStaff(user.role as Role);
      if (!isStaff && query.userId !== undefined && query.userId !== user.id) fail("forbidden");
      return listInvoices(c.get("db"), { ...query, userId: isStaff ? query.userId : user.id });
    },
  }),
  route(invoiceContracts.stats, {
    access: [...tutorSide, ...staff],
    summary:
      "A tutor's earnings (total and this month), waiting and approved requests, and withdrawable balance.",
    handle({ c, params, user }): Promise<InvoiceStats> {
      if (params.id !== user.id && !isInvoiceStaff(user.role as Role)) fail("forbidden");
      return invoiceStats(c.get("db"), params.id);
    },
  }),
  route(invoiceContracts.update, {
    access: [...tutorSide, ...staff],
    summary:
      "The tutor cancels (asks to) or proposes a new amount or destination (UpdateRequested); staff reject with a note, approve or refuse a cancellation or a proposed update, or edit the note.",
    async handle({ c, params, body, user }): Promise<InvoiceView> {
      const db = c.get("db");
      const { invoice, transition } = await authorizeChange(db, user, params.id, body.action);
      if (body.action === "update") {
        // A proposal beside the values in force; nothing is published when nothing changed.
        const proposed = await proposeInvoiceUpdate(scopeOf(c), {
          invoice,
          amount: body.amount,
          destination: body.destination,
        });
        if (proposed.changed) publishChange(c, proposed.invoice);
        return readInvoiceView(db, invoice.id);
      }
      if (body.action === "approve-update" || body.action === "refuse-update") {
        const approve = body.action === "approve-update";
        const note = body.action === "refuse-update" ? body.note : undefined;
        const settled = await settleInvoiceUpdate(scopeOf(c), {
          caller: user,
          invoice,
          approve,
          note,
          actor: auditActorOf(c, user.id),
        });
        publishChange(c, settled);
        await tellTutor(
          c,
          settled,
          approve
            ? invoiceMessages.updateApproved(settled.amount)
            : invoiceMessages.updateRefused(settled.amount, note !== undefined),
        );
        return readInvoiceView(db, settled.id);
      }
      const fields = body.action === "reject" || body.action === "note" ? { note: body.note } : {};
      const updated = await applyChange(scopeOf(c), {
        caller: user,
        invoice,
        transition,
        fields,
        actor: auditActorOf(c, user.id),
      });
      publishChange(c, updated);
      if (transition.by === "staff") {
        if (updated.status === InvoiceStatus.Rejected)
          await tellTutor(c, updated, invoiceMessages.rejected(updated.amount));
        if (updated.status === InvoiceStatus.Canceled)
          await tellTutor(c, updated, invoiceMessages.canceled(updated.amount));
        if (body.action === "refuse-cancel")
          await tellTutor(c, updated, invoiceMessages.cancelRefused(updated.amount));
      }
      return readInvoiceView(db, updated.id);
    },
  }),
  route(invoiceContracts.attachReceipt, {
    access: staff,
    summary:
      "Approve a pending request with the transfer receipt (multipart field receipt: image or PDF up to 8 MB).",
    async handle({ c, params, user }): Promise<InvoiceView> {
      const db = c.get("db");
      const { invoice, transition } = await authorizeChange(db, user, params.id, "approve");
      const form = await c.req.formData().catch(() => fail("empty-request"));
      const file = form.get("receipt");
      if (!(file instanceof File)) return fail("empty-request");
      const key = receiptKeyFor(invoice.id, file);
      // By content: an image or a PDF that is what it was sent as, nothing else is stored.
      const contentType = await checkReceiptContent(file);
      await c.env.MEDIA.put(key, file.stream(), { httpMetadata: { contentType } });
      let updated: InvoiceRow;
      try {
        // The clock read after the receipt's upload, as before.
        updated = await applyChange(scopeOf(c, new Date()), {
          caller: user,
          invoice,
          transition,
          fields: { receipt: key },
          actor: auditActorOf(c, user.id),
        });
      } catch (error) {
        await c.env.MEDIA.delete(key);
        throw error;
      }
      publishChange(c, updated);
      await tellTutor(c, updated, invoiceMessages.approved(updated.amount));
      return readInvoiceView(db, updated.id);
    },
  }),
  route(invoiceContracts.receipt, {
    access: "signed-in",
    summary: "A withdrawal receipt (private: the request's tutor and staff only).",
    async handle({ c, params, user }) {
      const key = RECEIPT_PREFIX + params.name;
      const ownerId = await receiptOwner(c.get("db"), key);
      if (ownerId === null) fail("asset-not-found");
      if (ownerId !== user.id && !isInvoiceStaff(user.role as Role)) fail("forbidden");
      const object = await c.env.MEDIA.get(key);
      if (!object) fail("asset-not-found");
      const contentType = object.httpMetadata?.contentType ?? "application/octet-stream";
      return new Response(object.body, {
        headers: {
          "content-type": contentType,
          "content-length": String(object.size),
          "cache-control": "private, no-store",
          "x-content-type-options": "nosniff",
          // A PDF (or anything not an image) is downloaded, never rendered in our origin.
          ...(contentType.startsWith("image/")
            ? {}
            : { "content-disposition": `attachment; filename="${params.name}"` }),
        },
      });
    },
  }),
];
