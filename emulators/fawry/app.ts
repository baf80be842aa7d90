// The local Fawry sandbox (docs/services.md §1.15): the same paths, bodies and signatures as
// FawryPay, on /api/v1/dev/fawry, local environment only. Orders and cards live in two tables of
// its own in the local D1 (created on first use), so they survive across requests and isolates.
import { Hono } from "hono";
import {
  amount2dp,
  safeEqual,
  sha256Hex,
  signatures,
  type Keys,
  type PaymentDetails,
} from "../../worker/integrations/fawry";
import { EMULATOR_PATHS } from "../../worker/integrations/emulated";

export const SANDBOX_BASE = EMULATOR_PATHS.fawry;

export type SandboxOptions = Keys & {
  /** Delivers a notification to the app (in-process in local runs). */
  deliver: (request: Request) => Promise<Response>;
  /** Bounded retries until the app answers 200. */
  attempts?: number;
};

type Order = {
  merchant_ref_num: string;
  reference_number: string;
  customer_profile_id: string;
  customer_name: string;
  customer_mobile: string;
  customer_mail: string;
  method: string;
  amount: number;
  status: string;
  card_token: string | null;
  return_url: string | null;
  webhook_url: string | null;
  wallet_no: string | null;
  installment_plan_id: number | null;
  refunded: number;
  expires_at: number;
  payment_time: number | null;
  request_id: string;
};

const ddl = [
  `CREATE TABLE IF NOT EXISTS fawry_sandbox_orders (merchant_ref_num TEXT PRIMARY KEY, reference_number TEXT NOT NULL UNIQUE,
    customer_profile_id TEXT NOT NULL, customer_name TEXT NOT NULL, customer_mobile TEXT NOT NULL, customer_mail TEXT NOT NULL,
    method TEXT NOT NULL, amount REAL NOT NULL, status TEXT NOT NULL, card_token TEXT, return_url TEXT, webhook_url TEXT,
    wallet_no TEXT, installment_plan_id INTEGER, refunded REAL NOT NULL DEFAULT 0, expires_at INTEGER NOT NULL,
    payment_time INTEGER, request_id TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS fawry_sandbox_cards (token TEXT PRIMARY KEY, merchant_code TEXT NOT NULL,
    customer_profile_id TEXT NOT NULL, first_six TEXT NOT NULL, last_four TEXT NOT NULL, brand TEXT NOT NULL, created INTEGER NOT NULL)`,
  // Why a card order failed at 3-D Secure (the failure Fawry's notification carries).
  `CREATE TABLE IF NOT EXISTS fawry_sandbox_failures (merchant_ref_num TEXT PRIMARY KEY, code INTEGER NOT NULL, reason TEXT NOT NULL)`,
  // Test hook state: the next `remaining` refunds or cancels answer `status_code` (a refusal Fawry can give).
  `CREATE TABLE IF NOT EXISTS fawry_sandbox_faults (name TEXT PRIMARY KEY, remaining INTEGER NOT NULL, status_code INTEGER NOT NULL)`,
];

/** Installment plans the sandbox offers (§1.8 shape). */
export const sandboxInstallmentPlans = [
  {
    id: 1,
    installmentPlan: {
      id: 1,
      nameAr: "٦ أشهر بدون فوائد",
      nameEn: "6 months, no interest",
      rate: 0,
      noOfMonths: 6,
      minAmount: 500,
      maxAmount: 100000,
    },
  },
  {
    id: 2,
    installmentPlan: {
      id: 2,
      nameAr: "١٢ شهرًا",
      nameEn: "12 months",
      rate: 10,
      noOfMonths: 12,
      minAmount: 1000,
      maxAmount: 100000,
    },
  },
];

/**
 * The 3-D Secure page's ways to fail (its buttons): the issuer declines the card, the bank's check
 * does not pass, the payer cancels it. Each ends the order FAILED with Fawry's failureErrorCode and
 * failureReason in the notification and statusCode / statusDescription on the way back.
 */
export const threeDsFailures = {
  decline: { label: "البنك رفض البطاقة", code: 99951, reason: "Card declined by issuer: insufficient funds" },
  authentication: { label: "فشل التحقق", code: 99907, reason: "3DS authentication failed" },
  cancel: { label: "إلغاء التحقق", code: 99908, reason: "3DS authentication cancelled by customer" },
} as const;

/** A CVV the sandbox declines with 99951 (insufficient funds), to exercise failures. */
export const DECLINED_CVV = "999";

const html = (title: string, body: string, heading = title) =>
  `<!doctype html><html lang="ar-EG" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>body{font-family:system-ui,sans-serif;max-inline-size:32rem;margin-inline:auto;padding:1.5rem;line-height:1.6}
button,input{font:inherit;padding:.6rem 1rem;margin-block:.4rem}label{display:block;margin-block-start:.6rem}
.pay{background:#0b6b3a;color:#fff;border:0}.fail{background:#a4161a;color:#fff;border:0}</style></head>
<body><main><h1>${heading}</h1>${body}<p><small>بيئة فوري التجريبية المحلية، لا تُدفع أي أموال حقيقية.</small></p></main></body></html>`;

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const randomDigits = (n: number) =>
  [...crypto.getRandomValues(new Uint8Array(n))]
    .map((b) => String(b % 10))
    .join("")
    .replace(/^0/, "7");

export function createFawrySandbox(db: D1Database, options: SandboxOptions) {
  const keys: Keys = { merchantCode: options.merchantCode, secureKey: options.secureKey };
  let ready: Promise<unknown> | null = null;
  const setup = () => (ready ??= db.batch(ddl.map((q) => db.prepare(q))));
  const app = new Hono().basePath(SANDBOX_BASE);
  app.use(async (_c, next) => {
    await setup();
    await next();
  });

  const bad = (statusCode: number, statusDescription: string) => ({
    type: "ChargeResponse",
    statusCode,
    statusDescription,
  });
  const badSignature = () => bad(9946, "Invalid signature");
  const matches = async (expected: Promise<string>, given: unknown) =>
    typeof given === "string" && safeEqual(await expected, given.toLowerCase());
  const findOrder = (column: "merchant_ref_num" | "reference_number", value: string) =>
    db.prepare(`SELECT * FROM fawry_sandbox_orders WHERE ${column} = ?`).bind(value).first<Order>();
  const origin = (url: string) => new URL(url).origin;

  async function details(order: Order): Promise<PaymentDetails> {
    const base = {
      fawryRefNumber: order.reference_number,
      merchantRefNumber: order.merchant_ref_num,
      paymentAmount: order.amount,
      orderAmount: order.amount,
      orderStatus: order.status,
      paymentMethod:
        order.method === "PAYATFAWRY" ? "PayAtFawry" : order.method === "MWALLET" ? "Mobile Wallet" : "CARD",
      ...(order.method === "PAYATFAWRY" && order.status === "PAID"
        ? { paymentRefrenceNumber: randomDigits(8) }
        : {}),
    };
    const failure =
      order.status === "FAILED"
        ? await db
            .prepare("SELECT code, reason FROM fawry_sandbox_failures WHERE merchant_ref_num = ?")
            .bind(order.merchant_ref_num)
            .first<{ code: number; reason: string }>()
        : null;
    return {
      requestId: order.request_id,
      ...base,
      ...(failure ? { failureErrorCode: failure.code, failureReason: failure.reason } : {}),
      customerMerchantId: order.customer_profile_id,
      customerName: order.customer_name,
      customerMobile: order.customer_mobile,
      customerMail: order.customer_mail,
      fawryFees: 0,
      paymentTime: order.payment_time ?? undefined,
      orderExpiryDate: order.expires_at,
      orderItems: [{ itemCode: "plan", price: order.amount, quantity: 1 }],
      messageSignature: await signatures.notification(keys, base),
    };
  }

  /** Sets the order's status and sends the signed v2 notification, retrying until 200. */
  async function settle(
    order: Order,
    status: string,
    notifyOrigin: string,
  ): Promise<{ delivered: boolean; attempts: number }> {
    const paymentTime = status === "PAID" ? Date.now() : order.payment_time;
    const requestId = crypto.randomUUID();
    await db
      .prepare(
        "UPDATE fawry_sandbox_orders SET status = ?, payment_time = ?, request_id = ? WHERE merchant_ref_num = ?",
      )
      .bind(status, paymentTime, requestId, order.merchant_ref_num)
      .run();
    const body = JSON.stringify(
      await details({ ...order, status, payment_time: paymentTime, request_id: requestId }),
    );
    const url = order.webhook_url ?? `${notifyOrigin}/api/v1/fawry/payment-status`;
    const attempts = options.attempts ?? 5;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const response = await options.deliver(
          new Request(url, { method: "POST", headers: { "content-type": "application/json" }, body }),
        );
        if (response.status === 200) return { delivered: true, attempts: attempt };
      } catch {
        // retried below
      }
    }
    return { delivered: false, attempts };
  }

  async function createOrder(body: Record<string, any>, method: string, extra: Partial<Order>, url: string) {
    if (body.merchantCode !== keys.merchantCode) return { error: bad(9901, "Invalid merchant code") };
    if (!/^\d+$/.test(String(body.merchantRefNum ?? "")))
      return { error: bad(9903, "Invalid merchantRefNum") };
    if (typeof body.amount !== "number" || !(body.amount > 0)) return { error: bad(21004, "Invalid amount") };
    if (await findOrder("merchant_ref_num", String(body.merchantRefNum)))
      return { error: bad(9903, "merchantRefNum already used") };
    const expiry =
      typeof body.paymentExpiry === "number" ? body.paymentExpiry : Date.now() + 24 * 3600 * 1000;
    const order: Order = {
      merchant_ref_num: String(body.merchantRefNum),
      reference_number: randomDigits(9),
      customer_profile_id: String(body.customerProfileId ?? ""),
      customer_name: String(body.customerName ?? ""),
      customer_mobile: String(body.customerMobile ?? ""),
      customer_mail: String(body.customerEmail ?? ""),
      method,
      amount: body.amount,
      status: "UNPAID",
      card_token: null,
      return_url: typeof body.returnUrl === "string" ? body.returnUrl : null,
      webhook_url: typeof body.orderWebHookUrl === "string" ? body.orderWebHookUrl : null,
      wallet_no: null,
      installment_plan_id: null,
      refunded: 0,
      expires_at: expiry,
      payment_time: null,
      request_id: crypto.randomUUID(),
      ...extra,
    };
    const inserted = await db
      .prepare(
        `INSERT INTO fawry_sandbox_orders (merchant_ref_num, reference_number, customer_profile_id, customer_name, customer_mobile, customer_mail,
        method, amount, status, card_token, return_url, webhook_url, wallet_no, installment_plan_id, refunded, expires_at, payment_time, request_id)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, NULL, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(
        order.merchant_ref_num,
        order.reference_number,
        order.customer_profile_id,
        order.customer_name,
        order.customer_mobile,
        order.customer_mail,
        order.method,
        order.amount,
        order.status,
        order.card_token,
        order.return_url,
        order.webhook_url,
        order.wallet_no,
        order.installment_plan_id,
        order.expires_at,
        order.request_id,
      )
      .run();
    if (!inserted.meta.changes) return { error: bad(9903, "merchantRefNum already used") };
    const charge = {
      type: "ChargeResponse",
      referenceNumber: order.reference_number,
      merchantRefNumber: order.merchant_ref_num,
      orderAmount: order.amount,
      paymentAmount: order.amount,
      fawryFees: 0,
      paymentMethod: method,
      orderStatus: "UNPAID",
      expirationTime: order.expires_at,
      customerProfileId: order.customer_profile_id,
      statusCode: 200,
      statusDescription: "Operation done successfully",
    };
    void url;
    return { order, charge };
  }

  // §1.5, §1.6, §1.8: card (3DS, optionally on an installment plan) and PayAtFawry.
  app.post("/ECommerceWeb/Fawry/payments/charge", async (c) => {
    const body = await c.req.json<Record<string, any>>().catch(() => ({}) as Record<string, any>);
    const common = {
      merchantRefNum: String(body.merchantRefNum ?? ""),
      customerProfileId: String(body.customerProfileId ?? ""),
      amount: Number(body.amount),
    };
    if (body.paymentMethod === "PAYATFAWRY") {
      if (!(await matches(signatures.payAtFawry(keys, common), body.signature)))
        return c.json(badSignature());
      const created = await createOrder(body, "PAYATFAWRY", {}, c.req.url);
      return c.json(created.error ?? created.charge);
    }
    if (body.paymentMethod !== "CARD") return c.json(bad(9903, "Unsupported payment method"));
    const card = { ...common, cardToken: String(body.cardToken ?? ""), cvv: String(body.cvv ?? "") };
    const planId = body.installmentPlanId;
    const expected =
      planId === undefined
        ? signatures.cardCharge(keys, { ...card, returnUrl: String(body.returnUrl ?? "") })
        : signatures.installmentCharge(keys, { ...card, installmentPlanId: Number(planId) });
    if (!(await matches(expected, body.signature))) return c.json(badSignature());
    const owned = await db
      .prepare(
        "SELECT token FROM fawry_sandbox_cards WHERE token = ? AND customer_profile_id = ? AND merchant_code = ?",
      )
      .bind(card.cardToken, card.customerProfileId, keys.merchantCode)
      .first();
    if (!owned) return c.json(bad(99956, "Card not found"));
    if (planId !== undefined) {
      const plan = sandboxInstallmentPlans.find((p) => p.id === Number(planId))?.installmentPlan;
      if (!plan || card.amount < plan.minAmount || card.amount > plan.maxAmount)
        return c.json(bad(21010, "Amount not allowed"));
    }
    if (card.cvv === DECLINED_CVV) return c.json(bad(99951, "Insufficient funds"));
    const created = await createOrder(
      body,
      "CARD",
      { card_token: card.cardToken, installment_plan_id: planId ?? null },
      c.req.url,
    );
    if (created.error) return c.json(created.error);
    return c.json({
      ...created.charge,
      nextAction: {
        type: "THREE_D_SECURE",
        redirectUrl: `${origin(c.req.url)}${SANDBOX_BASE}/3ds/${created.order.merchant_ref_num}`,
      },
    });
  });

  // §1.7 MWALLET (QR or request-to-pay), on the /api/ path.
  app.post("/ECommerceWeb/api/payments/charge", async (c) => {
    const body = await c.req.json<Record<string, any>>().catch(() => ({}) as Record<string, any>);
    if (body.paymentMethod !== "MWALLET") return c.json(bad(9903, "Unsupported payment method"));
    const wallet = typeof body.debitMobileWalletNo === "string" ? body.debitMobileWalletNo : undefined;
    const expected = signatures.wallet(keys, {
      merchantRefNum: String(body.merchantRefNum ?? ""),
      customerProfileId: String(body.customerProfileId ?? ""),
      amount: Number(body.amount),
      debitMobileWalletNo: wallet,
    });
    if (!(await matches(expected, body.signature))) return c.json(badSignature());
    const created = await createOrder(body, "MWALLET", { wallet_no: wallet ?? null }, c.req.url);
    if (created.error) return c.json(created.error);
    // A small SVG standing in for the PNG QR: it carries the reference number to "scan".
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" fill="#fff"/><text x="80" y="85" font-size="14" text-anchor="middle">${created.order.reference_number}</text></svg>`;
    return c.json({ ...created.charge, walletQr: `data:image/svg+xml;base64,${btoa(svg)}` });
  });

  // §1.3 list and §1.4 delete card tokens (query parameters).
  app.get("/ECommerceWeb/Fawry/cards/cardToken", async (c) => {
    const q = c.req.query();
    if (q.merchantCode !== keys.merchantCode) return c.json(bad(9901, "Invalid merchant code"));
    if (!(await matches(signatures.listCards(keys, q.customerProfileId ?? ""), q.signature)))
      return c.json(badSignature());
    const { results } = await db
      .prepare(
        "SELECT * FROM fawry_sandbox_cards WHERE merchant_code = ? AND customer_profile_id = ? ORDER BY created",
      )
      .bind(keys.merchantCode, q.customerProfileId ?? "")
      .all<{ token: string; first_six: string; last_four: string; brand: string; created: number }>();
    return c.json({
      statusCode: 200,
      statusDescription: "Operation done successfully",
      cards: results.map((card, i) => ({
        token: card.token,
        creationDate: card.created,
        lastFourDigits: card.last_four,
        firstSixDigits: card.first_six,
        brand: card.brand,
        isDefault: i === 0,
      })),
    });
  });
  app.delete("/ECommerceWeb/Fawry/cards/cardToken", async (c) => {
    const q = c.req.query();
    if (q.merchantCode !== keys.merchantCode) return c.json(bad(9901, "Invalid merchant code"));
    if (
      !(await matches(signatures.deleteCard(keys, q.customerProfileId ?? "", q.cardToken ?? ""), q.signature))
    )
      return c.json(badSignature());
    const deleted = await db
      .prepare("DELETE FROM fawry_sandbox_cards WHERE token = ? AND customer_profile_id = ?")
      .bind(q.cardToken ?? "", q.customerProfileId ?? "")
      .run();
    return c.json(
      deleted.meta.changes
        ? { statusCode: 200, statusDescription: "Operation done successfully" }
        : bad(99956, "Card not found"),
    );
  });

  // §1.8 installment plans.
  app.get("/ECommerceWeb/api/merchant/installment-plans", (c) =>
    c.req.query("accountNumber") === keys.merchantCode
      ? c.json(sandboxInstallmentPlans)
      : c.json(bad(9901, "Invalid merchant code")),
  );

  // §1.9 status v2.
  app.get("/ECommerceWeb/Fawry/payments/status/v2", async (c) => {
    const q = c.req.query();
    if (q.merchantCode !== keys.merchantCode) return c.json(bad(9901, "Invalid merchant code"));
    if (!(await matches(signatures.status(keys, q.merchantRefNumber ?? ""), q.signature)))
      return c.json(badSignature());
    const order = await findOrder("merchant_ref_num", q.merchantRefNumber ?? "");
    if (!order) return c.json(bad(9938, "Order not found"), 404);
    if (["NEW", "UNPAID"].includes(order.status) && order.expires_at < Date.now()) {
      await db
        .prepare("UPDATE fawry_sandbox_orders SET status = 'EXPIRED' WHERE merchant_ref_num = ?")
        .bind(order.merchant_ref_num)
        .run();
      order.status = "EXPIRED";
    }
    return c.json({ ...(await details(order)), statusCode: 200 });
  });

  // §1.11 refund: full → REFUNDED, partial → PARTIAL_REFUNDED, then the notification.
  app.post("/ECommerceWeb/Fawry/payments/refund", async (c) => {
    const body = await c.req.json<Record<string, any>>().catch(() => ({}) as Record<string, any>);
    if (body.merchantCode !== keys.merchantCode) return c.json(bad(9901, "Invalid merchant code"));
    const input = {
      referenceNumber: String(body.referenceNumber ?? ""),
      refundAmount: Number(body.refundAmount),
      reason: body.reason,
    };
    if (!(await matches(signatures.refund(keys, input), body.signature))) return c.json(badSignature());
    const order = await findOrder("reference_number", input.referenceNumber);
    if (!order) return c.json(bad(9938, "Order not found"));
    if (!["PAID", "PARTIAL_REFUNDED"].includes(order.status)) return c.json(bad(9954, "Order not paid"));
    const fault = await db
      .prepare(
        "UPDATE fawry_sandbox_faults SET remaining = remaining - 1 WHERE name = 'refund' AND remaining > 0 RETURNING status_code",
      )
      .first<{ status_code: number }>();
    if (fault) return c.json(bad(fault.status_code, "Refund refused (sandbox fault)"));
    const refunded = Math.round((order.refunded + input.refundAmount) * 100) / 100;
    if (!(input.refundAmount > 0) || refunded > order.amount)
      return c.json(bad(9935, "Refund amount exceeds paid amount"));
    await db
      .prepare("UPDATE fawry_sandbox_orders SET refunded = ? WHERE merchant_ref_num = ?")
      .bind(refunded, order.merchant_ref_num)
      .run();
    await settle(
      { ...order, refunded },
      refunded >= order.amount ? "REFUNDED" : "PARTIAL_REFUNDED",
      origin(c.req.url),
    );
    return c.json({
      type: "ResponseDataModel",
      statusCode: 200,
      statusDescription: "Operation done successfully",
    });
  });

  // §1.12 cancel unpaid order: answers { code, description }.
  app.post("/ECommerceWeb/api/orders/cancel-unpaid-order", async (c) => {
    const body = await c.req.json<Record<string, any>>().catch(() => ({}) as Record<string, any>);
    if (body.merchantAccount !== keys.merchantCode)
      return c.json({ code: 9901, description: "Invalid merchant code" });
    const input = { orderRefNo: String(body.orderRefNo ?? ""), lang: String(body.lang ?? "") };
    if (!(await matches(signatures.cancelUnpaid(keys, input), body.signature)))
      return c.json({ code: 9946, description: "Invalid signature" });
    const order = await findOrder("reference_number", input.orderRefNo);
    if (!order) return c.json({ code: 9938, description: "Order not found" });
    const fault = await db
      .prepare(
        "UPDATE fawry_sandbox_faults SET remaining = remaining - 1 WHERE name = 'cancel' AND remaining > 0 RETURNING status_code",
      )
      .first<{ status_code: number }>();
    if (fault) return c.json({ code: fault.status_code, description: "Cancel refused (sandbox fault)" });
    if (order.status === "CANCELED") return c.json({ code: 9984, description: "Already cancelled" });
    if (!["NEW", "UNPAID"].includes(order.status))
      return c.json({ code: 400, description: "Order is not unpaid" });
    await settle(order, "CANCELED", origin(c.req.url));
    return c.json({ code: 200, description: "Operation done successfully" });
  });

  // §1.1 hosted add-card page: saves a fake token and redirects to returnUrl?statusCode=200.
  app.get("/atfawry/plugin/card-token", (c) => {
    const q = c.req.query();
    const hidden = ["accNo", "customerProfileId", "returnUrl"]
      .map((name) => `<input type="hidden" name="${name}" value="${escape(q[name] ?? "")}">`)
      .join("");
    return c.html(
      html(
        "إضافة بطاقة",
        `<form method="post">${hidden}
<label for="pan">رقم البطاقة</label><input id="pan" name="cardNumber" dir="ltr" inputmode="numeric" autocomplete="cc-number" value="5123456789012346" required>
<label for="exp">تاريخ الانتهاء (شهر/سنة)</label><input id="exp" name="expiry" dir="ltr" autocomplete="cc-exp" value="12/30" required>
<label for="cvv">رمز التحقق</label><input id="cvv" name="cvv" dir="ltr" inputmode="numeric" autocomplete="cc-csc" value="123" required>
<p><button class="pay" type="submit">حفظ البطاقة</button></p></form>`,
      ),
    );
  });
  app.post("/atfawry/plugin/card-token", async (c) => {
    const form = await c.req.parseBody();
    const returnUrl = String(form.returnUrl ?? "");
    if (
      String(form.accNo ?? "") !== keys.merchantCode ||
      !form.customerProfileId ||
      !/^https?:\/\//.test(returnUrl)
    )
      return c.html(html("تعذر حفظ البطاقة", '<p role="alert">بيانات الطلب غير صحيحة.</p>'), 400);
    const pan = String(form.cardNumber ?? "").replace(/\D/g, "");
    if (pan.length < 12)
      return c.html(html("تعذر حفظ البطاقة", '<p role="alert">رقم البطاقة غير صحيح.</p>'), 400);
    const token = await sha256Hex(crypto.randomUUID(), pan);
    await db
      .prepare(
        "INSERT INTO fawry_sandbox_cards (token, merchant_code, customer_profile_id, first_six, last_four, brand, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .bind(
        token,
        keys.merchantCode,
        String(form.customerProfileId),
        pan.slice(0, 6),
        pan.slice(-4),
        pan.startsWith("4") ? "Visa" : "MasterCard",
        Date.now(),
      )
      .run();
    const target = new URL(returnUrl);
    target.searchParams.set("statusCode", "200");
    target.searchParams.set("statusDescription", "Operation done successfully");
    return c.redirect(target.toString(), 302);
  });

  // The 3-D Secure page of a card charge: Pay or Fail, then the notification, then returnUrl.
  app.get("/3ds/:ref", async (c) => {
    const order = await findOrder("merchant_ref_num", c.req.param("ref"));
    if (!order || order.method !== "CARD")
      return c.html(html("الطلب غير موجود", '<p role="alert">لا يوجد طلب بهذا الرقم.</p>'), 404);
    if (order.status !== "UNPAID")
      return c.html(html("تمت معالجة الطلب", `<p role="status">حالة الطلب: ${escape(order.status)}</p>`));
    return c.html(
      html(
        "التحقق من الدفع (3-D Secure)",
        `<p>المبلغ: <bdi dir="ltr">${amount2dp(order.amount)}</bdi> جنيه مصري</p>
<form method="post" action="${SANDBOX_BASE}/3ds/${order.merchant_ref_num}/pay"><button class="pay" type="submit">ادفع</button></form>
<form method="post" action="${SANDBOX_BASE}/3ds/${order.merchant_ref_num}/fail"><button class="fail" type="submit">افشل العملية</button></form>
${Object.entries(threeDsFailures)
  .map(
    ([name, failure]) =>
      `<form method="post" action="${SANDBOX_BASE}/3ds/${order.merchant_ref_num}/fail?as=${name}"><button class="fail" type="submit">${failure.label}</button></form>`,
  )
  .join("\n")}`,
        'التحقق من الدفع (<bdi dir="ltr">3-D Secure</bdi>)',
      ),
    );
  });
  for (const [action, status] of [
    ["pay", "PAID"],
    ["fail", "FAILED"],
  ] as const) {
    app.post(`/3ds/:ref/${action}`, async (c) => {
      const order = await findOrder("merchant_ref_num", c.req.param("ref"));
      if (!order || order.method !== "CARD" || order.status !== "UNPAID")
        return c.html(html("تعذر تنفيذ الطلب", '<p role="alert">الطلب غير متاح.</p>'), 409);
      // ?as= one of threeDsFailures: the failure Fawry then reports; plain "fail" reports none.
      const failure =
        status === "FAILED" ? threeDsFailures[c.req.query("as") as keyof typeof threeDsFailures] : undefined;
      if (failure)
        await db
          .prepare(
            "INSERT INTO fawry_sandbox_failures (merchant_ref_num, code, reason) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
          )
          .bind(order.merchant_ref_num, failure.code, failure.reason)
          .run();
      await settle(order, status, origin(c.req.url));
      const target = new URL(order.return_url ?? `${origin(c.req.url)}/payments`);
      target.searchParams.set("statusCode", status === "PAID" ? "200" : String(failure?.code ?? 99907));
      if (failure) target.searchParams.set("statusDescription", failure.reason);
      target.searchParams.set("merchantRefNumber", order.merchant_ref_num);
      return c.redirect(target.toString(), 302);
    });
  }

  // Test hook: pay a reference number (cash at an outlet) or a wallet order.
  app.post("/__emu/pay/:referenceNumber", async (c) => {
    const order = await findOrder("reference_number", c.req.param("referenceNumber"));
    if (!order) return c.json(bad(9938, "Order not found"), 404);
    if (!["PAYATFAWRY", "MWALLET"].includes(order.method) || order.status !== "UNPAID")
      return c.json(bad(9903, "Order is not payable"), 409);
    const outcome = await settle(order, "PAID", origin(c.req.url));
    return c.json({ statusCode: 200, ...outcome });
  });
  // Test hook: the next `times` refunds (or cancel-unpaid-order calls) are refused with
  // `statusCode` (default once; refund 9954, cancel 401).
  app.post("/__emu/fail/:name{refund|cancel}", async (c) => {
    const body = await c.req
      .json<{ times?: number; statusCode?: number }>()
      .catch(() => ({}) as { times?: number; statusCode?: number });
    const name = c.req.param("name");
    const times = Math.max(0, Math.min(100, Number(body.times ?? 1)));
    const statusCode = Number(body.statusCode ?? (name === "refund" ? 9954 : 401));
    await db
      .prepare(
        "INSERT INTO fawry_sandbox_faults (name, remaining, status_code) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET remaining = excluded.remaining, status_code = excluded.status_code",
      )
      .bind(name, times, statusCode)
      .run();
    return c.json({ statusCode: 200, times });
  });
  // Test hook: expire an unpaid order now.
  app.post("/__emu/expire/:referenceNumber", async (c) => {
    const order = await findOrder("reference_number", c.req.param("referenceNumber"));
    if (!order || !["NEW", "UNPAID"].includes(order.status)) return c.json(bad(9938, "Order not found"), 404);
    const outcome = await settle(order, "EXPIRED", origin(c.req.url));
    return c.json({ statusCode: 200, ...outcome });
  });

  app.notFound((c) => c.json({ statusCode: 404, statusDescription: "Not found" }, 404));
  return app;
}
