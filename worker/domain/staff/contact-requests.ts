/**
 * Public contact requests (docs/product.md §7, contact-request; docs/rules.md,
 * Validation bounds, "Contact request"): stored, then the team (every admin) is told by email through the outbox.
 */
import { and, inArray, isNull } from "drizzle-orm";
import type { z } from "zod";
import { contactRequests, users } from "../../../schema/db";
import { Role } from "../../../schema/enums";
import type { createContactRequestBody } from "../../../schema/api/contact-request";
import type { Db } from "../../core/context";
import type { Message } from "../../notifications/outbox";

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

/** The email each team member gets (Arabic; the sender's own words quoted as sent). */
export function contactRequestMessage(row: ContactRequestRow, to: { id: number; email: string }): Message {
  const replyTo = [row.email, row.phone].filter(Boolean).join(" · ");
  return {
    userId: to.id,
    channel: "email",
    recipient: to.email,
    subject: `طلب تواصل جديد: ${row.title}`,
    body: [
      `وصل طلب تواصل جديد (رقم ${row.id}) من ${row.name}.`,
      `للرد: ${replyTo}`,
      "",
      `العنوان: ${row.title}`,
      "",
      row.message,
    ].join("\n"),
  };
}
