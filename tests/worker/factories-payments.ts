import { env, exports } from "cloudflare:workers";
import { signatures, type PaymentDetails } from "../../worker/integrations/fawry";
import { LOCAL_FAWRY } from "../../worker/integrations/emulated";
import { call, callContract, ORIGIN } from "./helpers";
import { paymentContracts } from "../../schema/api/payment";

export const SANDBOX = "/api/v1/dev/fawry";

/** A signed v2 notification body for a transaction, as the sandbox would send it. */
export async function signedNotification(
  tx: { merchantRefNum: string; fawryRefNumber: string | null; amount: number; userId: number },
  orderStatus: string,
  secureKey = LOCAL_FAWRY.secureKey,
): Promise<PaymentDetails> {
  const base = {
    fawryRefNumber: tx.fawryRefNumber ?? "700000001",
    merchantRefNumber: tx.merchantRefNum,
    paymentAmount: tx.amount / 100,
    orderAmount: tx.amount / 100,
    orderStatus,
    paymentMethod: "PayAtFawry",
  };
  return {
    ...base,
    requestId: crypto.randomUUID(),
    customerMerchantId: String(tx.userId),
    messageSignature: await signatures.notification({ secureKey }, base),
  };
}

export const notifyApp = (body: unknown) => call("POST", "/api/v1/fawry/payment-status", { body });

export async function subscriptionsOf(userId: number) {
  const { results } = await env.DB.prepare("SELECT * FROM subscriptions WHERE user_id = ?")
    .bind(userId)
    .all<{ id: number; status: string; transaction_id: number }>();
  return results;
}

export async function transactionRow(id: number) {
  return env.DB.prepare("SELECT * FROM transactions WHERE id = ?").bind(id).first<{
    id: number;
    status: number;
    merchant_ref_num: string;
    fawry_ref_number: string | null;
    amount: number;
    user_id: number;
  }>();
}

/** The path (and query) of an absolute URL the API answered, to call it through the Worker. */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

/** Submits a sandbox HTML form the way a browser would (urlencoded), answering the raw response. */
export async function submitForm(path: string, fields: Record<string, string>) {
  return exports.default.fetch(
    new Request(ORIGIN + path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    }),
  );
}

/** Adds a card on the sandbox's hosted page, as the student would; answers the saved card's token. */
export async function addCard(student: { token: string }, cardNumber = "5123456789012346") {
  const { url } = (await callContract(paymentContracts.addCardUrl, { token: student.token })).body as {
    url: string;
  };
  const page = new URL(url);
  const form = await call("GET", pathOf(url));
  if (form.status !== 200 || !String(form.body).includes("حفظ البطاقة")) throw new Error("no add-card page");
  const saved = await submitForm(page.pathname, {
    accNo: page.searchParams.get("accNo")!,
    customerProfileId: page.searchParams.get("customerProfileId")!,
    returnUrl: page.searchParams.get("returnUrl")!,
    cardNumber,
    expiry: "12/30",
    cvv: "123",
  });
  const cards = await callContract(paymentContracts.cards, { token: student.token });
  return {
    redirect: saved,
    location: saved.headers.get("location"),
    cards: cards.body as { token: string; maskedPan: string }[],
  };
}

/** The sandbox's own record of an order (its status as Fawry would report it). */
export async function sandboxOrder(merchantRefNum: string) {
  return env.DB.prepare("SELECT * FROM fawry_sandbox_orders WHERE merchant_ref_num = ?")
    .bind(merchantRefNum)
    .first<{ status: string; reference_number: string; amount: number }>();
}
