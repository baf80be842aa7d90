import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { outboxContracts } from "@schema/api/outbox";
import { errorMessage } from "../../i18n/ar-EG";
import { money } from "../../i18n/ar-EG-money";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime, formatNumber } from "../../lib/format";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { Pagination } from "../../ui/pagination";
import { LoadingScreen } from "../../ui/spinner";
import { toasts } from "../../ui/toast-store";
import { call } from "../../lib/client";

const t = money.deadDeliveries;
const SIZE = 20;

/**
 * «رسائل لم تصل»: notifications whose every attempt failed or that the delivery queue gave up on
 * (GET /admin/outbox/dead), each sent again on demand (POST /admin/outbox/:id/retry, audited).
 */
export function DeadDeliveries() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const dead = useQuery({
    queryKey: ["admin", "dead-deliveries", page] as const,
    queryFn: ({ signal }) => call(outboxContracts.dead, { query: { page, size: SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  const retry = useMutation({
    mutationFn: (id: number) => call(outboxContracts.retry, { params: { id } }),
    onSuccess: () => toasts.show({ type: "success", title: t.retried }),
    onError: (error) => toasts.show({ type: "error", title: errorMessage(errorCodeOf(error)) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["admin", "dead-deliveries"] }),
  });
  return (
    <Card title={t.title}>
      <p className="mb-4 text-sm text-slate-700">{t.hint}</p>
      {dead.isPending ? (
        <LoadingScreen />
      ) : dead.isError ? (
        <Notice tone="error">{errorMessage(errorCodeOf(dead.error))}</Notice>
      ) : dead.data.list.length === 0 ? (
        <p className="text-slate-700">{t.empty}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col divide-y divide-slate-200">
            {dead.data.list.map((delivery) => (
              <li key={delivery.id} className="flex flex-col gap-2 py-3" data-dead-delivery={delivery.id}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-bold text-slate-900">{delivery.subject}</span>
                  <span className="text-sm text-slate-600">
                    {formatDateTime(delivery.deadAt ?? delivery.createdAt)}
                  </span>
                </div>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
                  <span>{t.channels[delivery.channel] ?? delivery.channel}</span>
                  <bdi dir="ltr">{delivery.recipient}</bdi>
                  <span>{t.attempts(formatNumber(delivery.attempts))}</span>
                </div>
                {delivery.lastError && (
                  <p className="text-sm text-slate-700">
                    {t.lastError}: <bdi dir="ltr">{delivery.lastError}</bdi>
                  </p>
                )}
                <Button
                  size="sm"
                  variant="secondary"
                  className="self-start"
                  aria-label={t.retryLabel(delivery.subject, delivery.recipient)}
                  loading={retry.isPending && retry.variables === delivery.id}
                  onClick={() => retry.mutate(delivery.id)}
                >
                  {t.retry}
                </Button>
              </li>
            ))}
          </ul>
          <Pagination label={t.title} page={page} total={dead.data.total} size={SIZE} onPage={setPage} />
        </div>
      )}
    </Card>
  );
}
