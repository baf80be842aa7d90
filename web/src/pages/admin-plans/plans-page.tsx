import { useRef, useState, type FormEvent } from "react";
import type { PlanView } from "@schema/api/plan";
import { Role } from "@schema/enums";
import { AdminFormDialog } from "../../features/admin-area/admin-form-dialog";
import { ConfirmDeleteDialog, QueryState } from "../../features/admin-area/admin-ui";
import { useAdminPlansQuery, useDeletePlan, useSavePlan } from "../../features/admin-area/plans";
import { errorMessage } from "../../i18n/ar-EG";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { errorCodeOf, isApiError } from "../../lib/api-error";
import { focusFirstInvalidField } from "../../lib/form";
import { formatMoney, formatPercent } from "../../lib/format";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { DataTable, sortRows, type TableColumn, type TableSort } from "../../ui/data-table";
import { Badge, Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import { emptyPlanForm, planBodyOf, planFormOf, type PlanFormValues } from "./plan-form";

const t = arAdmin.adminArea.plans;
const c = arAdmin.adminArea.common;
const tt = arAdmin.adminFigures.tables;

type Editing = { plan: PlanView | null } | null;

const hasFieldErrors = (error: unknown): error is { fields: Record<string, string> } =>
  isApiError(error) && Object.keys(error.fields).length > 0;

function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-slate-800">
      <input
        type="checkbox"
        className="size-5 accent-brand-700"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

function PlanDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const save = useSavePlan();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<PlanFormValues>(emptyPlanForm);
  const [errors, setErrors] = useState<Partial<Record<keyof PlanFormValues, string>>>({});
  const [openedFor, setOpenedFor] = useState<Editing>(null);
  if (editing !== openedFor) {
    setOpenedFor(editing);
    setValues(editing?.plan ? planFormOf(editing.plan) : emptyPlanForm);
    setErrors({});
    save.reset();
  }
  const field = (name: Exclude<keyof PlanFormValues, "active" | "inviteOnly">) => ({
    name,
    value: values[name],
    inputMode: "decimal" as const,
    ltr: true,
    error: errors[name] ? errorMessage(errors[name]) : undefined,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = planBodyOf(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstInvalidField(formRef.current);
      return;
    }
    save.mutate(
      { id: editing?.plan?.id ?? null, body: checked.body },
      {
        onSuccess: () => {
          toasts.show({ id: "plan-saved", type: "success", title: editing?.plan ? c.saved : c.created });
          onClose();
        },
        onError: (error) => {
          if (hasFieldErrors(error)) setErrors(error.fields);
        },
      },
    );
  }

  return (
    <AdminFormDialog
      open={editing !== null}
      onClose={onClose}
      title={editing?.plan ? t.editTitle : t.createTitle}
      formRef={formRef}
      onSubmit={submit}
      error={save.isError && !hasFieldErrors(save.error) ? errorCodeOf(save.error) : null}
      pending={save.isPending}
    >
      <TextField label={t.weeklyMinutes} required {...field("weeklyMinutes")} inputMode="numeric" />
      <TextField label={t.baseMonthPrice} required {...field("baseMonthPrice")} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <TextField label={t.monthDiscount} {...field("monthDiscount")} />
        <TextField label={t.quarterDiscount} {...field("quarterDiscount")} />
        <TextField label={t.yearDiscount} {...field("yearDiscount")} />
      </div>
      <Checkbox
        label={t.active}
        checked={values.active}
        onChange={(active) => setValues((current) => ({ ...current, active }))}
      />
      <Checkbox
        label={t.inviteOnly}
        checked={values.inviteOnly}
        onChange={(inviteOnly) => setValues((current) => ({ ...current, inviteOnly }))}
      />
    </AdminFormDialog>
  );
}

type PlanColumn = "plan" | "base" | "month" | "quarter" | "year" | "state" | "actions";

/** A period's price with its discount, if any: «٨١٠ ج.م. (٢٥٪)». */
function PeriodPrice({ price, discount }: { price: number; discount: number }) {
  return (
    <span className="whitespace-nowrap">
      {formatMoney(price)}
      {discount > 0 && <span className="text-slate-600"> ({formatPercent(discount / 10_000)})</span>}
    </span>
  );
}

function planColumns(
  canWrite: boolean,
  onEdit: (plan: PlanView) => void,
  onDelete: (plan: PlanView) => void,
): Array<TableColumn<PlanView, PlanColumn>> {
  const columns: Array<TableColumn<PlanView, PlanColumn>> = [
    {
      id: "plan",
      header: tt.weeklyMinutes,
      rowHeader: true,
      sortable: true,
      className: "whitespace-nowrap",
      cell: (plan) => t.weekly(plan.weeklyMinutes),
    },
    {
      id: "base",
      header: tt.basePrice,
      sortable: true,
      cell: (plan) => <span className="whitespace-nowrap">{formatMoney(plan.baseMonthPrice)}</span>,
    },
    {
      id: "month",
      header: tt.monthPrice,
      sortable: true,
      cell: (plan) => <PeriodPrice price={plan.monthPrice} discount={plan.monthDiscount} />,
    },
    {
      id: "quarter",
      header: tt.quarterPrice,
      sortable: true,
      cell: (plan) => <PeriodPrice price={plan.quarterPrice} discount={plan.quarterDiscount} />,
    },
    {
      id: "year",
      header: tt.yearPrice,
      sortable: true,
      cell: (plan) => <PeriodPrice price={plan.yearPrice} discount={plan.yearDiscount} />,
    },
    {
      id: "state",
      header: tt.state,
      cell: (plan) => (
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={plan.active ? "success" : "neutral"}>{plan.active ? t.active : t.hidden}</Badge>
          {plan.inviteOnly && <Badge tone="info">{t.inviteOnly}</Badge>}
        </div>
      ),
    },
  ];
  if (!canWrite) return columns;
  return [
    ...columns,
    {
      id: "actions",
      header: tt.actions,
      cell: (plan) => {
        const name = t.weekly(plan.weeklyMinutes);
        return (
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" aria-label={tt.editPlan(name)} onClick={() => onEdit(plan)}>
              {c.edit}
            </Button>
            <Button
              variant="danger"
              size="sm"
              aria-label={tt.deletePlan(name)}
              onClick={() => onDelete(plan)}
            >
              {c.delete}
            </Button>
          </div>
        );
      },
    },
  ];
}

const planSortValues: Record<Exclude<PlanColumn, "state" | "actions">, (plan: PlanView) => number> = {
  plan: (plan) => plan.weeklyMinutes,
  base: (plan) => plan.baseMonthPrice,
  month: (plan) => plan.monthPrice,
  quarter: (plan) => plan.quarterPrice,
  year: (plan) => plan.yearPrice,
};

/** /admin/plans — every plan (hidden and invite-only too); a SuperAdmin adds, edits and deletes, a RegularAdmin reads. */
export function AdminPlansPage() {
  const plans = useAdminPlansQuery();
  const canWrite = useSession().user?.role === Role.SuperAdmin;
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PlanView | null>(null);
  const remove = useDeletePlan();
  // Every plan is on one page (at most 100), so the table sorts them itself; by weekly minutes at first.
  const [sort, setSort] = useState<TableSort<PlanColumn>>({ column: "plan", direction: "asc" });
  return (
    <PageFrame title={t.title} subtitle={t.intro} width="full">
      {canWrite ? (
        <div>
          <Button onClick={() => setEditing({ plan: null })}>{t.add}</Button>
        </div>
      ) : (
        <Notice>{c.readOnly}</Notice>
      )}
      <Card>
        <QueryState query={plans} isEmpty={(page) => page.list.length === 0} empty={t.empty}>
          {(page) => (
            <DataTable
              caption={tt.plans}
              captionHidden
              columns={planColumns(canWrite, (plan) => setEditing({ plan }), setDeleting)}
              rows={sortRows(
                page.list,
                sort,
                planSortValues as Record<PlanColumn, (plan: PlanView) => number>,
              )}
              rowKey={(plan) => plan.id}
              sort={sort}
              onSort={setSort}
            />
          )}
        </QueryState>
      </Card>
      <PlanDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog
        target={deleting}
        title={t.deleteTitle}
        body={(plan) => t.deleteBody(t.weekly(plan.weeklyMinutes))}
        removal={remove}
        toastId="plan-deleted"
        onClose={() => setDeleting(null)}
      />
    </PageFrame>
  );
}
