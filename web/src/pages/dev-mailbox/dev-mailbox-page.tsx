import { useEffect, useState } from "react";
import type { OutboxMessage } from "@schema/api/confirmation-code";
import { useAppConfig } from "../../features/config/use-app-config";
import { useOutbox } from "../../features/dev/use-outbox";
import { ReceivedPushes } from "../../features/push/received-pushes";
import { errorMessage } from "../../i18n/ar-EG";
import { arAuth } from "../../i18n/ar-EG-auth";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime, formatNumber } from "../../lib/format";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Badge, Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { LoadingScreen, Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";

/** /dev/mailbox — local only: every email, WhatsApp and Telegram message the server sent. */
export function DevMailboxPage() {
  const config = useAppConfig();
  if (config.isPending) return <LoadingScreen />;
  if (config.isError) return <Notice tone="error">{errorMessage(errorCodeOf(config.error))}</Notice>;
  if (config.data.environment !== "local") return <Notice tone="warning">{arAuth.mailbox.localOnly}</Notice>;
  return <Mailbox />;
}

function useDebouncedValue(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function Mailbox() {
  const [filter, setFilter] = useState("");
  const recipient = useDebouncedValue(filter.trim(), 400);
  const outbox = useOutbox(recipient, true);

  return (
    <PageFrame title={arAuth.mailbox.title} subtitle={arAuth.mailbox.intro} width="wide">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={arAuth.mailbox.filterLabel}
          hint={arAuth.mailbox.filterHint}
          ltr
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="flex-1"
        />
        {filter && (
          <Button variant="secondary" onClick={() => setFilter("")} className="sm:mb-7">
            {arAuth.mailbox.clearFilter}
          </Button>
        )}
      </div>
      <ReceivedPushes />
      {outbox.isError && <Notice tone="error">{errorMessage(errorCodeOf(outbox.error))}</Notice>}
      {outbox.isPending ? (
        <LoadingScreen />
      ) : outbox.data ? (
        <>
          <p className="flex items-center gap-2 text-sm text-slate-600">
            {arAuth.mailbox.total(formatNumber(outbox.data.total))}
            {outbox.isFetching && <Spinner size="sm" />}
          </p>
          {outbox.data.list.length === 0 ? (
            <Notice>{arAuth.mailbox.empty}</Notice>
          ) : (
            <ul className="flex flex-col gap-4">
              {outbox.data.list.map((message) => (
                <li key={message.id}>
                  <OutboxMessageCard message={message} />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </PageFrame>
  );
}

function OutboxMessageCard({ message }: { message: OutboxMessage }) {
  const statusTone =
    message.status === "failed" ? "error" : message.status === "sent" ? "success" : "neutral";

  function copyCode(code: string) {
    navigator.clipboard.writeText(code).then(
      () => toasts.show({ id: "code-copied", type: "success", title: arAuth.mailbox.copied }),
      () => toasts.show({ id: "code-copied", type: "error", title: errorMessage("unexpected") }),
    );
  }

  return (
    <Card>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <Badge tone="info">{arAuth.mailbox.channels[message.channel]}</Badge>
        <Badge tone={statusTone}>{arAuth.mailbox.statuses[message.status]}</Badge>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        {arAuth.mailbox.to}:{" "}
        <bdi dir="ltr" className="font-medium text-slate-900">
          {message.recipient}
        </bdi>
      </p>
      <h2 className="mt-1 text-lg font-bold text-slate-900" dir="auto">
        {message.subject}
      </h2>
      {message.code && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <span className="text-sm text-slate-600">{arAuth.mailbox.code}:</span>
          <bdi
            dir="ltr"
            className="rounded-lg bg-amber-100 px-3 py-1 font-mono text-2xl font-bold tracking-[0.3em] text-amber-950"
          >
            {message.code}
          </bdi>
          <Button variant="ghost" size="sm" onClick={() => copyCode(message.code ?? "")}>
            {arAuth.mailbox.copyCode}
          </Button>
        </div>
      )}
      <p dir="auto" className="mt-3 text-start whitespace-pre-wrap text-slate-800">
        {message.body}
      </p>
      {message.unsubscribe && (
        <p className="mt-3 text-xs text-slate-600">
          <a href={message.unsubscribe} className="underline" data-testid="mailbox-unsubscribe">
            {arAuth.mailbox.unsubscribe}
          </a>
        </p>
      )}
    </Card>
  );
}
