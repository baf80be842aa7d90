import { useEffect, useState, type ReactNode } from "react";
import { useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { errorCodeOf } from "../../lib/api-error";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { Pagination as UiPagination } from "../../ui/pagination";
import { LoadingScreen } from "../../ui/spinner";
import { toasts } from "../../ui/toast-store";

const t = arAdmin.adminArea.common;

/** The admin tables' page size. */
export const adminPageSize = 10;

/** Previous / next through an admin list; hidden when everything fits on one page. */
export function Pagination(props: {
  page: number;
  total: number;
  /** A capped total (worker/core/capped-count.ts): more rows exist than `total`. */
  totalIsLowerBound?: boolean;
  size: number;
  onPage: (page: number) => void;
}) {
  return <UiPagination label={t.pagination} {...props} />;
}

/** A query's loading, failure and empty states; the content only when there is data. */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingScreen />;
  if (query.isError)
    return (
      <div className="flex flex-col items-start gap-2">
        <Notice tone="error">{errorMessage(errorCodeOf(query.error))}</Notice>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t.retry}
        </Button>
      </div>
    );
  if (isEmpty?.(query.data)) return <p className="text-slate-700">{empty}</p>;
  return <>{children(query.data)}</>;
}

/** Asks before a destructive action; shows the server's refusal inside the dialog. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
  children,
  cancelLabel = ar.ui.cancel,
  confirmVariant = "danger",
}: {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
  /** The way out, when «إلغاء» could be read as the action itself (e.g. «إلغاء الإيقاف»). */
  cancelLabel?: string;
  /** A confirmation that undoes a restriction is not a danger. */
  confirmVariant?: "danger" | "primary";
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={body}>
      <div className="flex flex-col gap-4">
        {children}
        {error ? <Notice tone="error">{errorMessage(errorCodeOf(error))}</Notice> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The removal a delete dialog drives: a react-query mutation taking the row's id. */
type Removal = {
  isPending: boolean;
  error: unknown;
  reset(): void;
  mutate(id: number, options: { onSuccess: () => void }): void;
};

/**
 * "Delete this row?" for an admin list: open while `target` is set; confirming removes it, closes
 * and says «تم الحذف»; closing clears a failed attempt's error.
 */
export function ConfirmDeleteDialog<T extends { id: number }>({
  target,
  title,
  body,
  removal,
  toastId,
  onClose,
}: {
  target: T | null;
  title: string;
  body: (target: T) => string;
  removal: Removal;
  toastId: string;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      body={target ? body(target) : ""}
      confirmLabel={t.confirmDelete}
      pending={removal.isPending}
      error={removal.error}
      onClose={() => {
        onClose();
        removal.reset();
      }}
      onConfirm={() =>
        target &&
        removal.mutate(target.id, {
          onSuccess: () => {
            onClose();
            toasts.show({ id: toastId, type: "success", title: t.deleted });
          },
        })
      }
    />
  );
}

/** A label and its value, for detail cards. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** A big number with its label. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}

/** The value once it has stopped changing for `delay` ms (search boxes: one request per pause, not per key). */
export function useDebounced<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** A refresh of one query family, for a mutation's onSuccess. */
export function useInvalidate(key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: key });
}
