// Tutor withdrawals: invoices (withdrawal requests) and saved withdraw methods.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, deletedAt, updatedAt } from "./columns";
import { users } from "./identity";

export const invoices = sqliteTable(
  "invoices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The tutor asking to be paid. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** Piasters, 10,000..5,000,000 and <= withdrawable balance. */
    amount: integer("amount").notNull(),
    /** WithdrawMethod enum: Wallet 0 (phone), Bank 1 (bank + account number), Instapay 2 (username). */
    method: integer("method").notNull(),
    /** Name of the account holder / receiver. */
    receiver: text("receiver"),
    /** Wallet phone. */
    phone: text("phone"),
    /** Bank enum code (CIB, ALEX, NBE, MISR, QNB, MASHREQ, AAIB). */
    bank: text("bank"),
    accountNumber: text("account_number"),
    /** Instapay address `name@instapay`. */
    username: text("username"),
    /**
     * InvoiceStatus enum: PendingApproval 0, PendingCancellation 1, Canceled 2, Approved 3, Rejected 4,
     * UpdateRequested 5 (the tutor changed a pending request; staff approve or refuse the change).
     */
    status: integer("status").notNull().default(0),
    /**
     * While UpdateRequested: JSON of the tutor's proposed values (amount, method, receiver, phone,
     * bank, accountNumber, username). The columns above keep the values in force until staff approve.
     */
    updateRequest: text("update_request"),
    updateRequestedAt: text("update_requested_at"),
    /** Sanitised HTML, <= 1000 (staff note, e.g. the rejection reason). */
    note: text("note"),
    /** R2 key under receipts/ uploaded with the approval. */
    receipt: text("receipt"),
    /** The staff member who last acted on it. */
    addressedBy: integer("addressed_by").references(() => users.id),
    addressedAt: text("addressed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("invoices_user_status_idx").on(t.userId, t.status),
    index("invoices_status_created_idx").on(t.status, t.createdAt),
  ],
);

/** A tutor's saved payout destinations, offered when requesting a withdrawal. */
export const withdrawMethods = sqliteTable(
  "withdraw_methods",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** WithdrawMethod enum. */
    method: integer("method").notNull(),
    receiver: text("receiver"),
    phone: text("phone"),
    bank: text("bank"),
    accountNumber: text("account_number"),
    username: text("username"),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index("withdraw_methods_user_idx").on(t.userId)],
);
