import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import type { CouponView } from "@schema/api/coupon";
import type { TransactionView } from "@schema/api/transaction";
import type { PlanView } from "@schema/api/plan";
import { PaymentMethod, type PlanPeriod } from "@schema/enums";
import { useCurrentSubscriptionQuery } from "../../features/lessons/use-lessons";
import { PaymentStatusPanel } from "../../features/payments/payment-status-panel";
import {
  checkoutPreview,
  isCouponCodeShape,
  isCvv,
  normalizeCouponCode,
  normalizeWalletPhone,
  parseCheckoutParams,
  returnedTransactionId,
} from "../../features/payments/payment-logic";
import { SavedCards } from "../../features/payments/saved-cards";
import {
  useCheckCoupon,
  useInstallmentPlansQuery,
  usePayByCard,
  usePayByInstallments,
  usePayByReference,
  usePayByWallet,
  usePayFree,
  usePaymentStatusQuery,
  useSavedCardsQuery,
  usePlanQuery,
  useTransactionDetailQuery,
  useUnpaidOrderQuery,
} from "../../features/payments/use-payments";
import { errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { arPayments } from "../../i18n/ar-EG-payments";
import { money } from "../../i18n/ar-EG-money";
import { errorCodeOf } from "../../lib/api-error";
import { formatMoney, formatPercent } from "../../lib/format";
import { Button, buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { RadioGroup } from "../../ui/radio-group";
import { LoadingScreen } from "../../ui/spinner";
import { Tabs } from "../../ui/tabs";
import { TextField } from "../../ui/text-field";
import type { CheckoutBody } from "@schema/api/payment";

const t = arPayments.payments;

/** An order waiting for the payer, with what they need to pay it. */
type Pending = {
  transaction: TransactionView;
  referenceNumber?: string;
  walletQr?: string | null;
  walletPhone?: string;
};

/** /checkout/{planId}/{period} — plan summary, coupon, and the four Fawry methods. */
export function CheckoutPage() {
  const params = useParams();
  const parsed = parseCheckoutParams(params.planId, params.period);
  const plan = usePlanQuery(parsed?.planId ?? null);
  const subscription = useCurrentSubscriptionQuery();

  return (
    <PageFrame title={t.checkoutTitle} subtitle={t.checkoutSubtitle} width="wide">
      {!parsed ? (
        <InvalidLink />
      ) : plan.isPending ? (
        <LoadingScreen />
      ) : plan.isError ? (
        <>
          <Notice tone="error">{errorMessage(errorCodeOf(plan.error))}</Notice>
          <BackToPlans />
        </>
      ) : (
        <Checkout
          plan={plan.data}
          period={parsed.period}
          hasSubscription={Boolean(subscription.data?.info && subscription.data.info.status === "active")}
        />
      )}
    </PageFrame>
  );
}

function InvalidLink() {
  return (
    <>
      <Notice tone="error">{t.invalidLink}</Notice>
      <BackToPlans />
    </>
  );
}

function BackToPlans() {
  return (
    <Link to="/plans" className={buttonClasses("secondary", "md", "self-start")}>
      {t.backToPlans}
    </Link>
  );
}

/**
 * The order the page follows, in this order: one just started here; the card payment that came
 * back from 3-D Secure (?tx=); after a reload, the student's latest unpaid order for this plan.
 */
function useFollowedOrder(planId: number, period: PlanPeriod) {
  const [search, setSearch] = useSearchParams();
  const returnedId = returnedTransactionId(search);
  const [started, setStarted] = useState<Pending | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const returned = usePaymentStatusQuery(started ? null : returnedId);
  const unpaid = useUnpaidOrderQuery(planId, period, !started && returnedId === null);
  const resumed = unpaid.data && unpaid.data.id !== dismissed ? unpaid.data : null;
  // Adopted once found, so the order stays on screen when it turns Paid, Expired or Canceled.
  if (!started && returnedId === null && resumed)
    setStarted({ transaction: resumed, referenceNumber: resumed.fawryRefNumber ?? undefined });
  const pending: Pending | null =
    started ?? (returnedId !== null && returned.data ? { transaction: returned.data } : null);
  const loading =
    !started && (returnedId !== null ? returned.isPending : unpaid.isPending || resumed !== null);
  /** Back to the methods: forget the followed order (and the ?tx= of a card return). */
  function retry() {
    if (pending) setDismissed(pending.transaction.id);
    setStarted(null);
    if (returnedId !== null) setSearch({}, { replace: true });
  }
  return { pending, loading, start: setStarted, retry, error: returnedId !== null ? returned.error : null };
}

function Checkout({
  plan,
  period,
  hasSubscription,
}: {
  plan: PlanView;
  period: PlanPeriod;
  hasSubscription: boolean;
}) {
  const [coupon, setCoupon] = useState<CouponView | null>(null);
  const [search] = useSearchParams();
  // Back from adding a card: the same checkout, its coupon applied again.
  const resumedCoupon = search.get("coupon");
  const resumedCard = search.get("resume") === "card";
  const followed = useFollowedOrder(plan.id, period);
  const pending = followed.pending;
  // A followed order shows its own coupon (a resumed one was made with a coupon typed before the reload).
  const preview = checkoutPreview(
    plan,
    period,
    pending ? pending.transaction.couponDiscount : (coupon?.discount ?? null),
  );
  const order = { planId: plan.id, period, ...(coupon ? { couponCode: coupon.code } : {}) };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_2fr]">
      <div className="flex flex-col gap-4">
        <Card title={t.summaryTitle}>
          <dl className="flex flex-col gap-2 text-sm">
            <Row
              label={t.weeklyMinutes}
              value={arLessons.marketplace.plans.weeklyMinutes(plan.weeklyMinutes)}
            />
            <Row label={t.period} value={arLessons.marketplace.plans.periods[period]} />
            {preview.periodDiscount > 0 && (
              <Row label={t.basePrice} value={<s>{formatMoney(preview.fullPrice)}</s>} />
            )}
            {preview.periodDiscount > 0 && (
              <Row label={t.periodDiscount} value={`− ${formatMoney(preview.periodDiscount)}`} />
            )}
            {preview.couponDiscount > 0 && (
              <Row label={t.couponDiscount} value={`− ${formatMoney(preview.couponDiscount)}`} />
            )}
            <div className="mt-2 flex items-center justify-between gap-2 border-t border-slate-200 pt-3">
              <dt className="font-bold text-slate-900">{t.total}</dt>
              <dd className="text-xl font-bold text-brand-800" data-testid="checkout-total">
                {formatMoney(pending ? pending.transaction.amount : preview.total)}
              </dd>
            </div>
          </dl>
        </Card>
        {!pending && !followed.loading && !hasSubscription && (
          <CouponField coupon={coupon} onChange={setCoupon} initialCode={resumedCoupon} />
        )}
      </div>
      <div className="flex flex-col gap-4">
        {followed.error && <Notice tone="error">{errorMessage(errorCodeOf(followed.error))}</Notice>}
        {followed.loading ? (
          <LoadingScreen />
        ) : pending ? (
          <PaymentStatusPanel
            key={pending.transaction.id}
            transaction={pending.transaction}
            onRetry={followed.retry}
          >
            <PendingDetails pending={pending} />
          </PaymentStatusPanel>
        ) : hasSubscription ? (
          <>
            <Notice tone="warning">{t.hasSubscription}</Notice>
            <Link to="/payments" className={buttonClasses("secondary", "md", "self-start")}>
              {t.seePayments}
            </Link>
          </>
        ) : preview.total === 0 ? (
          <FreeOrder order={order} onPending={followed.start} />
        ) : (
          <>
            {resumedCard && <Notice tone="info">{money.card.resumed}</Notice>}
            <MethodTabs order={order} amount={preview.total} onPending={followed.start} />
          </>
        )}
      </div>
    </div>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

function CouponField({
  coupon,
  onChange,
  initialCode,
}: {
  coupon: CouponView | null;
  onChange: (coupon: CouponView | null) => void;
  initialCode?: string | null;
}) {
  const [code, setCode] = useState(initialCode ?? "");
  const [error, setError] = useState<string | undefined>();
  const check = useCheckCoupon();
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !initialCode || coupon) return;
    restored.current = true;
    const normalized = normalizeCouponCode(initialCode);
    if (isCouponCodeShape(normalized))
      check.mutate(normalized, {
        onSuccess: onChange,
        onError: (failure) => setError(errorMessage(errorCodeOf(failure))),
      });
  }, [initialCode, coupon, check, onChange]);

  function apply(event: FormEvent) {
    event.preventDefault();
    const normalized = normalizeCouponCode(code);
    if (!isCouponCodeShape(normalized)) return setError(errorMessage("invalid-coupon-code"));
    setError(undefined);
    check.mutate(normalized, {
      onSuccess: onChange,
      onError: (failure) => setError(errorMessage(errorCodeOf(failure))),
    });
  }

  if (coupon)
    return (
      <Notice tone="success">
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span>
            {t.coupon.applied(formatPercent(coupon.discount / 10_000))}{" "}
            <bdi dir="ltr" className="font-mono">
              {coupon.code}
            </bdi>
          </span>
          <Button variant="ghost" size="sm" onClick={() => (onChange(null), setCode(""))}>
            {t.coupon.remove}
          </Button>
        </span>
      </Notice>
    );

  return (
    <form
      onSubmit={apply}
      className="flex items-start gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      noValidate
    >
      <TextField
        label={t.coupon.label}
        hint={t.coupon.hint}
        ltr
        autoComplete="off"
        autoCapitalize="characters"
        className="flex-1 [&_input]:uppercase"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
      />
      <Button type="submit" variant="secondary" loading={check.isPending} className="mt-7">
        {t.coupon.apply}
      </Button>
    </form>
  );
}

/** What the order pays for (schema/api/payment.ts). */
type Order = CheckoutBody;

function MethodTabs({
  order,
  amount,
  onPending,
}: {
  order: Order;
  amount: number;
  onPending: (pending: Pending) => void;
}) {
  const installments = useInstallmentPlansQuery(amount);
  const tabs = [
    { id: "card", label: t.methods[0], content: <CardTab order={order} amount={amount} /> },
    { id: "wallet", label: t.methods[1], content: <WalletTab order={order} onPending={onPending} /> },
    { id: "reference", label: t.methods[3], content: <ReferenceTab order={order} onPending={onPending} /> },
    ...(installments.data && installments.data.length > 0
      ? [
          {
            id: "installments",
            label: t.methods[2],
            content: <InstallmentsTab order={order} plans={installments.data} />,
          },
        ]
      : []),
  ];
  return (
    <Card>
      <Tabs label={t.methodsLabel} tabs={tabs} />
    </Card>
  );
}

function CvvField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextField
      label={t.card.cvv}
      hint={t.card.cvvHint}
      ltr
      inputMode="numeric"
      autoComplete="cc-csc"
      maxLength={4}
      value={value}
      onChange={(event) => onChange(event.target.value.trim())}
      error={error}
      className="max-w-40"
      required
    />
  );
}

function useCardForm() {
  const [cardToken, setCardToken] = useState("");
  const [cvv, setCvv] = useState("");
  const [error, setError] = useState<{ card?: string; cvv?: string }>({});
  function validate(): boolean {
    const next = {
      card: cardToken ? undefined : t.card.chooseCardFirst,
      cvv: isCvv(cvv) ? undefined : t.card.cvvInvalid,
    };
    setError(next);
    return !next.card && !next.cvv;
  }
  return { cardToken, setCardToken, cvv, setCvv, error, validate };
}

/** Where adding a card comes back to: this checkout, resumed on the card tab with its coupon. */
const resumeAfterCard = (order: Order) =>
  `/checkout/${order.planId}/${order.period}?resume=card${order.couponCode ? `&coupon=${encodeURIComponent(order.couponCode)}` : ""}`;

function CardTab({ order, amount }: { order: Order; amount: number }) {
  const form = useCardForm();
  const pay = usePayByCard();
  const cards = useSavedCardsQuery();
  const hasCards = (cards.data?.length ?? 0) > 0;
  const ready = form.cardToken !== "" && isCvv(form.cvv);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    pay.mutate(
      { ...order, cardToken: form.cardToken, cvv: form.cvv },
      { onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl) },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 pt-4" noValidate>
      <SavedCards
        name="card"
        value={form.cardToken}
        onChange={form.setCardToken}
        returnTo={resumeAfterCard(order)}
      />
      {hasCards && (
        <>
          {form.error.card && <Notice tone="error">{form.error.card}</Notice>}
          <CvvField value={form.cvv} onChange={form.setCvv} error={form.error.cvv} />
          {pay.isError && <Notice tone="error">{errorMessage(errorCodeOf(pay.error))}</Notice>}
          {pay.isSuccess && <Notice tone="info">{t.card.redirecting}</Notice>}
          <Button
            type="submit"
            disabled={!ready}
            loading={pay.isPending || pay.isSuccess}
            className="self-start"
          >
            {t.card.pay(formatMoney(amount))}
          </Button>
        </>
      )}
    </form>
  );
}

function InstallmentsTab({
  order,
  plans,
}: {
  order: Order;
  plans: { id: number; nameAr: string; months: number; rate: number }[];
}) {
  const form = useCardForm();
  const [planId, setPlanId] = useState(String(plans[0]?.id ?? ""));
  const pay = usePayByInstallments();
  const cards = useSavedCardsQuery();
  const hasCards = (cards.data?.length ?? 0) > 0;
  const ready = form.cardToken !== "" && isCvv(form.cvv) && planId !== "";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate() || !planId) return;
    pay.mutate(
      { ...order, cardToken: form.cardToken, cvv: form.cvv, installmentPlanId: Number(planId) },
      { onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl) },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 pt-4" noValidate>
      <p className="text-slate-700">{t.installments.intro}</p>
      <RadioGroup
        legend={t.installments.plan}
        name="installment-plan"
        value={planId}
        onChange={setPlanId}
        options={plans.map((plan) => ({
          value: String(plan.id),
          label: installmentLabel(
            plan.nameAr,
            plan.rate === 0 ? t.installments.noInterest : t.installments.rate(formatPercent(plan.rate / 100)),
          ),
        }))}
      />
      <SavedCards
        name="installment-card"
        value={form.cardToken}
        onChange={form.setCardToken}
        returnTo={resumeAfterCard(order)}
      />
      {hasCards && (
        <>
          {form.error.card && <Notice tone="error">{form.error.card}</Notice>}
          <CvvField value={form.cvv} onChange={form.setCvv} error={form.error.cvv} />
          {pay.isError && <Notice tone="error">{errorMessage(errorCodeOf(pay.error))}</Notice>}
          {pay.isSuccess && <Notice tone="info">{t.card.redirecting}</Notice>}
          <Button
            type="submit"
            disabled={!ready}
            loading={pay.isPending || pay.isSuccess}
            className="self-start"
          >
            {t.installments.pay}
          </Button>
        </>
      )}
    </form>
  );
}

/** A total of 0 (a 100 % coupon, a free invited plan): no payment, the plan starts at once. */
function FreeOrder({ order, onPending }: { order: Order; onPending: (pending: Pending) => void }) {
  const start = usePayFree();
  return (
    <Card title={money.free.title}>
      <div className="flex flex-col gap-4">
        <p className="text-slate-700">{money.free.body}</p>
        {start.isError && <Notice tone="error">{errorMessage(errorCodeOf(start.error))}</Notice>}
        <Button
          className="self-start"
          loading={start.isPending}
          onClick={() =>
            start.mutate(order, { onSuccess: (answer) => onPending({ transaction: answer.transaction }) })
          }
        >
          {money.free.start}
        </Button>
      </div>
    </Card>
  );
}

function WalletTab({ order, onPending }: { order: Order; onPending: (pending: Pending) => void }) {
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string | undefined>();
  const pay = usePayByWallet();

  function submit(event: FormEvent) {
    event.preventDefault();
    const normalized = phone.trim() ? normalizeWalletPhone(phone) : null;
    if (phone.trim() && !normalized) return setError(t.wallet.phoneInvalid);
    setError(undefined);
    pay.mutate(
      { ...order, ...(normalized ? { phone: normalized } : {}) },
      {
        onSuccess: (answer) =>
          onPending({
            transaction: answer.transaction,
            referenceNumber: answer.referenceNumber,
            walletQr: answer.walletQr,
            walletPhone: normalized ?? undefined,
          }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 pt-4" noValidate>
      <p className="text-slate-700">{t.wallet.intro}</p>
      <TextField
        label={t.wallet.phone}
        hint={t.wallet.phoneHint}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={error}
        className="max-w-xs"
      />
      {pay.isError && <Notice tone="error">{errorMessage(errorCodeOf(pay.error))}</Notice>}
      <Button type="submit" loading={pay.isPending} className="self-start">
        {t.wallet.start}
      </Button>
    </form>
  );
}

function ReferenceTab({ order, onPending }: { order: Order; onPending: (pending: Pending) => void }) {
  const pay = usePayByReference();
  return (
    <div className="flex flex-col gap-4 pt-4">
      <p className="text-slate-700">{t.reference.intro}</p>
      {pay.isError && <Notice tone="error">{errorMessage(errorCodeOf(pay.error))}</Notice>}
      <Button
        className="self-start"
        loading={pay.isPending}
        onClick={() =>
          pay.mutate(order, {
            onSuccess: (answer) =>
              onPending({ transaction: answer.transaction, referenceNumber: answer.referenceNumber }),
          })
        }
      >
        {t.reference.start}
      </Button>
    </div>
  );
}

/** The reference number (cash at an outlet) or the wallet QR, while the order waits. */
function PendingDetails({ pending }: { pending: Pending }) {
  const method = pending.transaction.method;
  const isWallet = method === PaymentMethod.EWallet;
  // A wallet order resumed after a reload came from the order list, without its QR: ask for it.
  const detail = useTransactionDetailQuery(
    isWallet && pending.walletQr === undefined ? pending.transaction.id : null,
  );
  const walletQr = pending.walletQr ?? detail.data?.walletQr ?? null;
  if (method === PaymentMethod.Card || method === PaymentMethod.BankInstallment)
    return <Notice tone="info">{t.waiting.card}</Notice>;
  return (
    <div className="flex flex-col gap-3">
      {pending.referenceNumber && (
        <div className="flex flex-col gap-1 rounded-xl bg-slate-50 p-4">
          <span className="text-sm text-slate-600">{t.reference.number}</span>
          <span className="flex flex-wrap items-center gap-3">
            <bdi
              dir="ltr"
              className="font-mono text-2xl font-bold tracking-wider text-slate-900"
              data-testid="reference-number"
            >
              {pending.referenceNumber}
            </bdi>
            <CopyButton value={pending.referenceNumber} />
          </span>
        </div>
      )}
      {isWallet ? (
        <>
          {pending.walletPhone && <Notice tone="info">{t.wallet.requestSent}</Notice>}
          {walletQr && (
            <figure className="flex flex-col items-center gap-2 self-start rounded-xl border border-slate-200 p-3">
              {walletQr.startsWith("data:image/") ? (
                <img src={walletQr} alt={t.wallet.qrLabel} width={160} height={160} className="size-40" />
              ) : (
                <pre
                  dir="ltr"
                  aria-label={t.wallet.qrLabel}
                  className="max-w-60 overflow-x-auto font-mono text-xs break-all whitespace-pre-wrap"
                >
                  {walletQr}
                </pre>
              )}
              <figcaption className="text-sm text-slate-700">{t.wallet.qrTitle}</figcaption>
            </figure>
          )}
        </>
      ) : (
        <ol className="flex flex-col gap-1 ps-6 text-sm text-slate-700 [list-style-type:arabic-indic]">
          {t.reference.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

function CopyButton({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() =>
        void navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? t.reference.copied : t.reference.copy}
    </Button>
  );
}

/** A plan's name and its rate, once: the provider's name may already say it («٦ أشهر بدون فوائد»). */
export function installmentLabel(name: string, rate: string): string {
  return name.includes(rate) ? name : `${name} — ${rate}`;
}
