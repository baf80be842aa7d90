import { env } from "cloudflare:workers";
import { Role, WithdrawMethod } from "../../schema/enums";
import type { AuthResponse } from "../../schema/api/user";
import type { CreateInvoiceBody } from "../../schema/api/invoice";
import { padTo, pdfBytes, pngBytes } from "./media-files";
import { call, callContract } from "./helpers";
import { createStudent, createTutor, createUser, type Session } from "./factories-lessons";
import { seedLesson } from "./factories-stats";
import { invoiceContracts } from "../../schema/api/invoice";

export { createUser, type Session };

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();

/** A tutor (or tutor manager) who earned `earned` piasters from one fulfilled lesson yesterday (0: none). */
export async function tutorWithEarnings(earned: number, role: Role = Role.Tutor): Promise<Session> {
  const tutor = await createTutor({ role });
  if (earned > 0) await addEarnings(tutor.id, earned);
  return tutor;
}

/** One more fulfilled lesson (ended a day ago) worth `earned` piasters to the tutor. */
export async function addEarnings(
  tutorId: number,
  earned: number,
  seed: { hoursAgo?: number; canceled?: boolean; reportedAbsent?: boolean } = {},
) {
  const student = await createStudent();
  return seedLesson(tutorId, student.id, {
    start: hoursAgo(seed.hoursAgo ?? 24),
    earning: earned,
    canceled: seed.canceled,
    reportedAbsent: seed.reportedAbsent,
  });
}

export const admin = () => createUser(Role.SuperAdmin);

/** The TestSocket helpers take an AuthResponse. */
export const asAuth = (session: Session) =>
  ({ user: { id: session.id }, token: session.token }) as unknown as AuthResponse;

export const wallet = (amount: number, extra: Partial<CreateInvoiceBody> = {}): CreateInvoiceBody => ({
  amount,
  method: WithdrawMethod.Wallet,
  phone: "01012345678",
  ...extra,
});

export const requestWithdrawal = (session: Session, body: unknown) =>
  call("POST", "/api/v1/invoice", { token: session.token, body });

export const changeInvoice = (session: Session, id: number, body: unknown) =>
  call("PATCH", `/api/v1/invoice/${id}`, { token: session.token, body });

/** A pending request written through the API; answers its id. */
export async function pendingInvoice(tutor: Session, amount = 10_000): Promise<number> {
  const response = await requestWithdrawal(tutor, wallet(amount));
  if (response.status !== 201) throw new Error(`withdrawal failed: ${JSON.stringify(response.body)}`);
  return response.body.id as number;
}

/** PUT /invoice/{id}/with/asset with one file in the `receipt` field. */
export function uploadReceipt(
  session: Session,
  id: number,
  file: { bytes?: number; type?: string; name?: string; field?: string } = {},
) {
  const form = new FormData();
  // Real content for the types the product accepts (it checks by content), filler otherwise.
  const type = file.type ?? "application/pdf";
  const size = file.bytes ?? 1024;
  const bytes =
    type === "application/pdf"
      ? padTo(pdfBytes(), size)
      : type === "image/png"
        ? padTo(pngBytes(8, 8), size)
        : new Uint8Array(size).fill(7);
  form.set(
    file.field ?? "receipt",
    new File([bytes], file.name ?? "receipt.pdf", { type: file.type ?? "application/pdf" }),
  );
  return callContract(invoiceContracts.attachReceipt, { params: { id }, token: session.token, raw: form });
}

export async function storedInvoice(id: number) {
  return env.DB.prepare("SELECT * FROM invoices WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

export async function outboxFor(userId: number) {
  const rows = await env.DB.prepare(
    "SELECT channel, subject, body FROM notifications_outbox WHERE user_id = ? ORDER BY id",
  )
    .bind(userId)
    .all<{ channel: string; subject: string; body: string }>();
  return rows.results;
}
