import { env } from "cloudflare:workers";
import { signatures, type PaymentDetails } from "../../worker/integrations/fawry";
import { LOCAL_FAWRY } from "../../worker/domain/payments";
import { call } from "./helpers";

export const SANDBOX = "/api/v1/dev/fawry";

/** A signed v2 notification body for a transaction, as the sandbox would send it. */
export async function signedNotification(tx: { merchantRefNum: string; fawryRefNumber: string | null; amount: number; userId: number }, orderStatus: string, secureKey = LOCAL_FAWRY.secureKey): Promise<PaymentDetails> {
  const base = { fawryRefNumber: tx.fawryRefNumber ?? "700000001", merchantRefNumber: tx.merchantRefNum, paymentAmount: tx.amount / 100, orderAmount: tx.amount / 100, orderStatus, paymentMethod: "PayAtFawry" };
  return { ...base, requestId: crypto.randomUUID(), customerMerchantId: String(tx.userId), messageSignature: await signatures.notification({ secureKey }, base) };
}

export const notifyApp = (body: unknown) => call("POST", "/api/v1/fawry/payment-status", { body });

export async function subscriptionsOf(userId: number) {
  const { results } = await env.DB.prepare("SELECT * FROM subscriptions WHERE user_id = ?").bind(userId).all<{ id: number; status: string; transaction_id: number }>();
  return results;
}

export async function transactionRow(id: number) {
  return env.DB.prepare("SELECT * FROM transactions WHERE id = ?").bind(id).first<{ id: number; status: number; merchant_ref_num: string; fawry_ref_number: string | null; amount: number; user_id: number }>();
}
