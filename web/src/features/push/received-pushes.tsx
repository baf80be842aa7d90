import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { arPush } from "../../i18n/ar-EG-push";
import { formatDateTime, formatNumber } from "../../lib/format";
import { Card } from "../../ui/card";
import { Badge, Notice } from "../../ui/notice";

const t = arPush.mailbox;

type ReceivedPush = {
  id: number;
  title: string;
  body: string;
  url: string;
  receivedAt: string;
  encoding: string;
};

/** How often the mailbox polls the push emulator, as it polls the outbox. */
const refreshMs = 3000;

/**
 * The local mailbox's push section (local only): the pushes the push emulator received, decrypted
 * (emulators/push, GET /api/v1/dev/push/messages), newest first, the last ten.
 */
export function ReceivedPushes() {
  const pushes = useQuery({
    queryKey: ["dev", "push-messages"],
    queryFn: async ({ signal }) => {
      const response = await fetch("/api/v1/dev/push/messages?size=10", { signal });
      if (!response.ok) throw new Error(String(response.status));
      return (await response.json()) as { list: ReceivedPush[]; total: number };
    },
    refetchInterval: refreshMs,
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="received-pushes" className="flex flex-col gap-3" data-testid="received-pushes">
      <h2 id="received-pushes" className="text-lg font-bold text-slate-900">
        {t.title}
      </h2>
      <p className="text-sm text-slate-600">
        {t.intro} {pushes.data && t.total(formatNumber(pushes.data.total))}
      </p>
      {pushes.data && pushes.data.list.length === 0 && <Notice>{t.empty}</Notice>}
      <ul className="flex flex-col gap-3">
        {pushes.data?.list.map((push) => (
          <li key={push.id}>
            <Card data-testid="received-push">
              <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <Badge tone="info">{arPush.card.label}</Badge>
                <time dateTime={push.receivedAt}>{formatDateTime(push.receivedAt)}</time>
              </div>
              <h3 className="mt-2 font-bold text-slate-900" dir="auto">
                {push.title}
              </h3>
              <p dir="auto" className="mt-1 text-start whitespace-pre-wrap text-slate-800">
                {push.body}
              </p>
              <p className="mt-1 text-sm text-slate-600">
                {t.opens}:{" "}
                <bdi dir="ltr" className="font-mono">
                  {push.url}
                </bdi>
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
