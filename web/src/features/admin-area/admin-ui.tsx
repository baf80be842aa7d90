import { useEffect, useState, type ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { errorCodeOf } from "../../lib/api-error";
import { formatNumber } from "../../lib/format";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { LoadingScreen } from "../../ui/spinner";

const t = ar.adminArea.common;

/** Previous / next through a paged list; hidden when everything fits on one page. */
export function Pagination({ page, total, size, onPage }: { page: number; total: number; size: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t.pagination} className="flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t.previous}
      </Button>
      <span className="text-sm text-slate-700">{t.pageOf(formatNumber(page), formatNumber(pages))}</span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t.next}
      </Button>
    </nav>
  );
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
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={body}>
      <div className="flex flex-col gap-4">
        {children}
        {error ? <Notice tone="error">{errorMessage(errorCodeOf(error))}</Notice> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {ar.ui.cancel}
          </Button>
          <Button variant="danger" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
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
