import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { mayManageAccount } from "@schema/staff-rights";
import { Link, useParams } from "react-router-dom";
import type { SubscriptionView } from "@schema/api/subscription";
import type { TransactionView } from "@schema/api/transaction";
import { userContracts, type UserView } from "@schema/api/user";
import { Governorate, Role, TransactionStatus, isAdmin, isTutorSide } from "@schema/enums";
import { ConfirmDialog, Fact, Figure, QueryState } from "../../features/admin-area/admin-ui";
import { InviteDialog } from "../../features/admin-area/invite-dialog";
import { SuspensionCard } from "../../features/admin-area/suspension-card";
import { StaffEraseCard } from "../../features/privacy/staff-erase-card";
import { TutorAdminPanel } from "../../features/admin-area/tutor-admin-panel";
import {
  useCancelSubscription,
  useUserSubscriptionsQuery,
  useUserTransactionsQuery,
} from "../../features/admin-area/user-payments";
import { useStudentStatsQuery, useUserQuery } from "../../features/admin-area/users";
import { ar, governorateNames } from "../../i18n/ar-EG";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent } from "../../lib/format";
import { useSession } from "../../lib/session";
import { AdminRefundDialog } from "../../features/payments/admin-refund";
import { ReceiptsButton } from "../../features/payments/refunds";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Badge, Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { toasts } from "../../ui/toast-store";
import { call } from "../../lib/client";

const t = arAdmin.adminArea.user;
const u = arAdmin.adminArea.users;

function Profile({ user }: { user: UserView }) {
  return (
    <Card title={t.profile}>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Fact label={t.id}>{formatNumber(user.id)}</Fact>
        <Fact label={t.role}>{ar.roles[user.role]}</Fact>
        <Fact label={u.email}>
          <span dir="ltr">{user.email}</span>
        </Fact>
        <Fact label={t.phone}>{user.phone ? <span dir="ltr">{user.phone}</span> : t.noPhone}</Fact>
        <Fact label={t.emailState}>
          <Badge tone={user.verifiedEmail ? "success" : "warning"}>
            {user.verifiedEmail ? u.verified : u.unverified}
          </Badge>
        </Fact>
        <Fact label={t.phoneState}>
          <Badge tone={user.verifiedPhone ? "success" : "warning"}>
            {user.verifiedPhone ? u.verified : u.unverified}
          </Badge>
        </Fact>
        <Fact label={t.city}>{user.city ? governorateNames[user.city as Governorate] : "—"}</Fact>
        <Fact label={t.password}>{user.hasPassword ? arAdmin.adminArea.common.yes : t.googleOnly}</Fact>
        <Fact label={t.creditScore}>
          {/* The reliability figure (worker/domain/lessons/credit-score.ts), a whole percent. */}
          <span className="flex flex-col gap-0.5">
            <span>{formatPercent(user.creditScore / 100)}</span>
            <span className="text-xs font-normal text-slate-600">{t.creditScoreHint}</span>
          </span>
        </Fact>
        <Fact label={t.createdAt}>{formatDate(user.createdAt)}</Fact>
      </dl>
    </Card>
  );
}

/** Staff never set another person's password: they email the owner a reset code. */
function PasswordResetButton({ user }: { user: UserView }) {
  const [open, setOpen] = useState(false);
  const send = useMutation({
    mutationFn: () => call(userContracts.resetPassword, { params: { id: user.id } }),
  });
  const r = arAdmin.staff.passwordReset;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {r.button}
      </Button>
      <ConfirmDialog
        open={open}
        title={r.confirmTitle}
        body={r.confirmBody(user.email)}
        confirmLabel={r.button}
        pending={send.isPending}
        error={send.error}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          send.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              toasts.show({ id: "password-reset-sent", type: "success", title: r.sent });
            },
          })
        }
      />
    </>
  );
}

function StudentNumbers({ userId }: { userId: number }) {
  const stats = useStudentStatsQuery(userId, true);
  return (
    <Card title={t.studentStats}>
      <QueryState query={stats}>
        {(data) => (
          <div className="flex flex-col gap-3">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Figure label={t.lessonsThisMonth} value={formatNumber(data.lessonsThisMonth)} />
              <Figure label={t.minutesThisMonth} value={formatNumber(data.minutesThisMonth)} />
              <Figure label={t.attendedLessons} value={formatNumber(data.attendedLessons)} />
              <Figure label={t.attendedMinutes} value={formatNumber(data.attendedMinutes)} />
              <Figure label={t.upcomingLessons} value={formatNumber(data.upcomingLessons)} />
              <Figure label={t.canceledLessons} value={formatNumber(data.canceledLessons)} />
            </dl>
            <p className="text-sm text-slate-700">
              {data.nextLesson
                ? t.nextLesson(
                    formatDateTime(data.nextLesson.start),
                    data.nextLesson.otherMember.name ?? arAdmin.adminArea.common.noName,
                  )
                : t.noNextLesson}
            </p>
          </div>
        )}
      </QueryState>
    </Card>
  );
}

function Subscriptions({ userId, superAdmin }: { userId: number; superAdmin: boolean }) {
  const subscriptions = useUserSubscriptionsQuery(userId, true);
  const cancel = useCancelSubscription(userId);
  const [target, setTarget] = useState<SubscriptionView | null>(null);
  return (
    <Card title={t.subscriptions}>
      <QueryState query={subscriptions} isEmpty={(page) => page.list.length === 0} empty={t.noSubscriptions}>
        {(page) => (
          <ul className="flex flex-col divide-y divide-slate-200">
            {page.list.map((sub) => (
              <li key={sub.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="flex flex-col gap-0.5">
                  <span className="font-medium text-slate-900">
                    {t.subscriptionLine(sub.weeklyMinutes, arLessons.marketplace.plans.periods[sub.period])} —{" "}
                    {formatMoney(sub.amount)}
                  </span>
                  <span className="text-sm text-slate-700">
                    {t.subscriptionDates(formatDate(sub.start), formatDate(sub.end))}
                  </span>
                  {sub.refundAmount !== null && (
                    <span className="text-sm text-slate-700">
                      {t.refunded(formatMoney(sub.refundAmount))}
                    </span>
                  )}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={sub.status === "active" ? "success" : "neutral"}>
                    {t.subscriptionStatuses[sub.status]}
                  </Badge>
                  {superAdmin && sub.status === "active" && (
                    <Button variant="danger" size="sm" onClick={() => setTarget(sub)}>
                      {t.cancelSubscription}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={target !== null}
        title={t.cancelSubscriptionTitle}
        body={t.cancelSubscriptionBody}
        confirmLabel={t.confirmCancelSubscription}
        pending={cancel.isPending}
        error={cancel.error}
        onClose={() => {
          setTarget(null);
          cancel.reset();
        }}
        onConfirm={() =>
          target &&
          cancel.mutate(target.id, {
            onSuccess: (outcome) => {
              setTarget(null);
              toasts.show({
                id: "subscription-canceled",
                type: "success",
                title: t.canceledSubscription(formatMoney(outcome.refundAmount), outcome.canceledLessons),
              });
            },
          })
        }
      />
    </Card>
  );
}

const refundable = (tx: TransactionView) =>
  (tx.status === TransactionStatus.Paid || tx.status === TransactionStatus.PartialRefunded) &&
  tx.amount > tx.refundedAmount;

function Transactions({ userId, superAdmin }: { userId: number; superAdmin: boolean }) {
  const transactions = useUserTransactionsQuery(userId, true);
  const [target, setTarget] = useState<TransactionView | null>(null);
  return (
    <Card title={t.transactions}>
      <QueryState query={transactions} isEmpty={(page) => page.list.length === 0} empty={t.noTransactions}>
        {(page) => (
          <ul className="flex flex-col divide-y divide-slate-200">
            {page.list.map((tx) => (
              <li key={tx.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="flex flex-col gap-0.5">
                  <span className="font-medium text-slate-900">
                    {formatMoney(tx.amount)} — {arLessons.marketplace.plans.periods[tx.period]}
                  </span>
                  <span className="text-sm text-slate-700">{formatDateTime(tx.paidAt ?? tx.createdAt)}</span>
                  {tx.refundedAmount > 0 && (
                    <span className="text-sm text-slate-700">
                      {t.refunded(formatMoney(tx.refundedAmount))}
                    </span>
                  )}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={tx.status === TransactionStatus.Paid ? "success" : "neutral"}>
                    {t.transactionStatuses[tx.status]}
                  </Badge>
                  <ReceiptsButton tx={tx} />
                  {superAdmin && refundable(tx) && (
                    <Button variant="danger" size="sm" onClick={() => setTarget(tx)}>
                      {t.refund}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {target && (
        <AdminRefundDialog
          transactionId={target.id}
          onClose={() => setTarget(null)}
          onDone={() => toasts.show({ id: "refund-requested", type: "success", title: t.refundDone })}
        />
      )}
    </Card>
  );
}

function InviteButton({ userId }: { userId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {arAdmin.adminArea.coupons.inviteToPlan}
      </Button>
      <InviteDialog open={open} onClose={() => setOpen(false)} userId={userId} />
    </>
  );
}

/** /admin/user/{id} — a user's account; a student's lessons, subscriptions and payments; a tutor's onboarding and activation. */
export function AdminUserPage() {
  const id = Number(useParams().id);
  const user = useUserQuery(id);
  const me = useSession().user;
  const superAdmin = me?.role === Role.SuperAdmin;
  return (
    <PageFrame
      title={user.data?.name ?? t.title}
      subtitle={user.data ? ar.roles[user.data.role] : undefined}
      width="wide"
    >
      <Link
        to="/admin/users"
        className="self-start text-sm font-medium text-brand-800 underline underline-offset-2"
      >
        {t.back}
      </Link>
      <QueryState query={user}>
        {(data) => (
          <>
            <Profile user={data} />
            <SuspensionCard
              user={data}
              canAct={Boolean(
                me &&
                me.id !== data.id &&
                (!isAdmin(data.role) || (me.role === Role.SuperAdmin && data.role !== Role.SuperAdmin)),
              )}
            />
            {me && me.id !== data.id && mayManageAccount(me, data) && (
              <div className="flex flex-wrap gap-4">
                <PasswordResetButton user={data} />
              </div>
            )}
            {me?.role === Role.SuperAdmin && me.id !== data.id && data.role !== Role.SuperAdmin && (
              <StaffEraseCard user={data} />
            )}
            {data.role === Role.Student && (
              <>
                <StudentNumbers userId={data.id} />
                <div className="flex flex-wrap items-center gap-4">
                  <Link
                    to={`/admin/lessons?user=${data.id}`}
                    className="text-sm font-medium text-brand-800 underline underline-offset-2"
                  >
                    {t.allLessons}
                  </Link>
                  <InviteButton userId={data.id} />
                </div>
                {!superAdmin && <Notice>{t.superAdminOnly}</Notice>}
                <Subscriptions userId={data.id} superAdmin={superAdmin} />
                <Transactions userId={data.id} superAdmin={superAdmin} />
              </>
            )}
            {isTutorSide(data.role) && (
              <>
                <div className="flex flex-wrap gap-4">
                  <Link
                    to={`/admin/tutor/${data.id}`}
                    className="text-sm font-medium text-brand-800 underline underline-offset-2"
                  >
                    {t.openTutor}
                  </Link>
                  <Link
                    to={`/admin/lessons?user=${data.id}`}
                    className="text-sm font-medium text-brand-800 underline underline-offset-2"
                  >
                    {t.allLessons}
                  </Link>
                </div>
                <TutorAdminPanel tutorId={data.id} gender={data.gender} />
              </>
            )}
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
