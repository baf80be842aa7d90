import { useRef, useState, type FormEvent } from "react";
import { z } from "zod";
import type { CouponListSort, CouponView } from "@schema/api/coupon";
import type { InviteView } from "@schema/api/invite";
import { couponCodeRule } from "@schema/rules";
import {
  cairoDateInput,
  endOfCairoDay,
  percentToBasisPoints,
  wholeNumber,
} from "../../features/admin-area/admin-logic";
import { AdminFormDialog } from "../../features/admin-area/admin-form-dialog";
import { AdminTable } from "../../features/admin-area/admin-table";
import {
  ConfirmDeleteDialog,
  Pagination,
  QueryState,
  adminPageSize,
} from "../../features/admin-area/admin-ui";
import {
  type CouponFilters,
  useCouponsQuery,
  useDeleteCoupon,
  useSaveCoupon,
} from "../../features/admin-area/coupons";
import { useDeleteInvite, useInvitesQuery } from "../../features/admin-area/invites";
import { useAdminPlansQuery } from "../../features/admin-area/plans";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { requiredText, useFormState } from "../../lib/form";
import { formatDate, formatNumber, formatPercent } from "../../lib/format";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import type { TableColumn, TableSort } from "../../ui/data-table";
import { Badge } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { SearchBox } from "../../ui/search-box";
import { Tabs } from "../../ui/tabs";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import { InviteDialog } from "../../features/admin-area/invite-dialog";

const t = arAdmin.adminArea.coupons;
const c = arAdmin.adminArea.common;

const couponSchema = z.object({
  code: requiredText(couponCodeRule),
  discount: z.string().transform((text, ctx) => {
    const value = percentToBasisPoints(text);
    if (Number.isNaN(value) || value <= 0) ctx.addIssue({ code: "custom", message: "zero-coupon-discount" });
    else if (value > 10_000) ctx.addIssue({ code: "custom", message: "max-coupon-discount-exceeded" });
    return value;
  }),
  expiresAt: z.string().min(1, "invalid-coupon-expire-date").transform(endOfCairoDay),
  maxUses: z.string().transform((text, ctx) => {
    if (text.trim() === "") return null;
    const value = wholeNumber(text);
    if (!(value > 0)) ctx.addIssue({ code: "custom", message: "bad-request" });
    return value;
  }),
});

type CouponEditing = { coupon: CouponView | null } | null;

function CouponDialog({ editing, onClose }: { editing: CouponEditing; onClose: () => void }) {
  const save = useSaveCoupon();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState({ code: "", discount: "", expiresAt: "", maxUses: "" });
  const [openedFor, setOpenedFor] = useState<CouponEditing>(null);
  if (editing !== openedFor) {
    setOpenedFor(editing);
    const coupon = editing?.coupon;
    form.setValues({
      code: coupon?.code ?? "",
      discount: coupon ? String(coupon.discount / 100) : "",
      expiresAt: coupon ? cairoDateInput(coupon.expiresAt) : "",
      maxUses: coupon?.maxUses ? String(coupon.maxUses) : "",
    });
    form.setErrors({});
    form.setFormError(null);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(couponSchema, formRef.current);
    if (!body) return;
    save.mutate(
      { id: editing?.coupon?.id ?? null, body },
      {
        onSuccess: () => {
          toasts.show({ id: "coupon-saved", type: "success", title: editing?.coupon ? c.saved : c.created });
          onClose();
        },
        onError: (error) =>
          form.showServerError(error, {
            "invalid-coupon-code": "code",
            "coupon-expire-date-passed": "expiresAt",
          }),
      },
    );
  }
  return (
    <AdminFormDialog
      open={editing !== null}
      onClose={onClose}
      title={editing?.coupon ? t.editCouponTitle : t.createCouponTitle}
      formRef={formRef}
      onSubmit={submit}
      error={form.formError}
      pending={save.isPending}
    >
      <TextField label={t.code} required ltr autoComplete="off" {...form.bind("code")} />
      <TextField label={t.discount} required ltr inputMode="decimal" {...form.bind("discount")} />
      <TextField label={t.expiresAt} required type="date" ltr {...form.bind("expiresAt")} />
      <TextField label={t.maxUses} ltr inputMode="numeric" {...form.bind("maxUses")} />
    </AdminFormDialog>
  );
}

type CouponColumn = "code" | "discount" | "expires" | "uses" | "actions";
type CouponSortColumn = Exclude<CouponColumn, "actions">;
const tt = arAdmin.adminFigures.tables;

/** The table's order as the API's `sort` ("-code": by code, descending; "-created" newest first) and back. */
const toApiSort = (sort: TableSort<CouponColumn>): CouponListSort =>
  `${sort.direction === "desc" ? "-" : ""}${sort.column as CouponSortColumn}`;
const fromApiSort = (sort: CouponListSort): TableSort<CouponColumn> | null =>
  sort.endsWith("created")
    ? null
    : {
        column: sort.replace(/^-/, "") as CouponSortColumn,
        direction: sort.startsWith("-") ? "desc" : "asc",
      };

/** The coupons in a table: search by code as the admin types, sort by a column, page through or jump. */
function CouponsTab() {
  const [filters, setFilters] = useState<CouponFilters>({ page: 1, q: "", sort: "-created" });
  const coupons = useCouponsQuery(filters);
  const [editing, setEditing] = useState<CouponEditing>(null);
  const [deleting, setDeleting] = useState<CouponView | null>(null);
  const remove = useDeleteCoupon();
  const now = new Date().toISOString();
  const change = (next: Partial<CouponFilters>) =>
    setFilters((current) => ({ ...current, page: 1, ...next }));
  const columns: Array<TableColumn<CouponView, CouponColumn>> = [
    {
      id: "code",
      header: tt.code,
      rowHeader: true,
      sortable: true,
      cell: (coupon) => (
        <span className="flex flex-wrap items-center gap-2">
          <span dir="ltr" className="font-mono font-bold text-slate-900">
            {coupon.code}
          </span>
          {coupon.expiresAt <= now && <Badge tone="neutral">{t.expired}</Badge>}
        </span>
      ),
    },
    {
      id: "discount",
      header: tt.discount,
      sortable: true,
      firstDirection: "desc",
      className: "whitespace-nowrap",
      cell: (coupon) => formatPercent(coupon.discount / 10_000),
    },
    {
      id: "expires",
      header: tt.expires,
      sortable: true,
      className: "whitespace-nowrap",
      cell: (coupon) => formatDate(coupon.expiresAt),
    },
    {
      id: "uses",
      header: tt.uses,
      sortable: true,
      firstDirection: "desc",
      cell: (coupon) => t.uses(coupon.uses, coupon.maxUses),
    },
    {
      id: "actions",
      header: tt.actions,
      cell: (coupon) => (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setEditing({ coupon })}
            aria-label={`${c.edit} ${coupon.code}`}
          >
            {c.edit}
          </Button>
          <Button
            variant="danger"
            size="sm"
            onClick={() => setDeleting(coupon)}
            aria-label={`${c.delete} ${coupon.code}`}
          >
            {c.delete}
          </Button>
        </div>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SearchBox label={tt.searchCoupons} onSearch={(q) => change({ q })} className="w-full sm:max-w-xs" />
        <Button onClick={() => setEditing({ coupon: null })}>{t.addCoupon}</Button>
      </div>
      <AdminTable
        query={coupons}
        caption={tt.coupons}
        columns={columns}
        rowKey={(coupon) => coupon.id}
        sort={fromApiSort(filters.sort)}
        onSort={(sort) => change({ sort: toApiSort(sort) })}
        empty={t.couponsEmpty}
        page={filters.page}
        pageSize={adminPageSize}
        onPage={(page) => setFilters((current) => ({ ...current, page }))}
      />
      <CouponDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog
        target={deleting}
        title={t.deleteCouponTitle}
        body={(coupon) => t.deleteCouponBody(coupon.code)}
        removal={remove}
        toastId="coupon-deleted"
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

function InvitesTab() {
  const [page, setPage] = useState(1);
  const invites = useInvitesQuery(page);
  const plans = useAdminPlansQuery();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<InviteView | null>(null);
  const remove = useDeleteInvite();
  const planName = (id: number) => {
    const plan = plans.data?.list.find((candidate) => candidate.id === id);
    return plan ? arAdmin.adminArea.plans.weekly(plan.weeklyMinutes) : formatNumber(id);
  };
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button onClick={() => setCreating(true)}>{t.addInvite}</Button>
      </div>
      <QueryState query={invites} isEmpty={(data) => data.list.length === 0} empty={t.invitesEmpty}>
        {(data) => (
          <>
            <ul className="flex flex-col divide-y divide-slate-200" aria-label={t.invites}>
              {data.list.map((invite) => (
                <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="flex flex-col gap-0.5">
                    <span className="font-medium text-slate-900">
                      {t.inviteLine(formatNumber(invite.userId), planName(invite.planId))}
                    </span>
                    <span className="text-sm text-slate-700">
                      {t.expiresAt} {formatDate(invite.expiresAt)}
                    </span>
                    {invite.note && (
                      <span className="text-sm text-slate-700">
                        <bdi>{invite.note}</bdi>
                      </span>
                    )}
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={invite.usedAt ? "success" : "neutral"}>
                      {invite.usedAt ? t.used : t.notUsed}
                    </Badge>
                    <Button variant="danger" size="sm" onClick={() => setDeleting(invite)}>
                      {c.delete}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            <Pagination page={page} total={data.total} size={adminPageSize} onPage={setPage} />
          </>
        )}
      </QueryState>
      <InviteDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDeleteDialog
        target={deleting}
        title={t.deleteInviteTitle}
        body={() => t.deleteInviteBody}
        removal={remove}
        toastId="invite-deleted"
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

/** /admin/coupons — discount codes and plan invitations, one tab each. */
export function AdminCouponsPage() {
  return (
    <PageFrame title={t.title} subtitle={t.intro} width="full">
      <Card>
        <Tabs
          label={t.tabsLabel}
          tabs={[
            { id: "coupons", label: t.coupons, content: <CouponsTab /> },
            { id: "invites", label: t.invites, content: <InvitesTab /> },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
