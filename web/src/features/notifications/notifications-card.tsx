import { useEffect, useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  notificationPreferencesContracts as contracts,
  type NotificationPreferencesView,
} from "@schema/api/notification-preferences";
import {
  choosableKinds,
  defaultQuietHours,
  requiredKinds,
  type ChoosableKind,
  type NotificationChannel,
} from "@schema/notification-kinds";
import { notificationsText as t } from "../../i18n/ar-EG-notifications";
import { call } from "../../lib/client";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { toasts } from "../../ui/toast-store";

export const notificationPreferencesKey = ["notifications", "preferences"] as const;

type Draft = {
  channels: NotificationPreferencesView["channels"];
  quietOn: boolean;
  start: string;
  end: string;
};

const draftOf = (view: NotificationPreferencesView): Draft => ({
  channels: view.channels,
  quietOn: view.quietHours !== null,
  start: view.quietHours?.start ?? defaultQuietHours.start,
  end: view.quietHours?.end ?? defaultQuietHours.end,
});

/**
 * «الإشعارات» in the student's and tutor's settings: a table of kinds × the channels this person
 * can be reached on (a labelled checkbox each), the required kinds shown ticked and locked, and
 * quiet hours (two times on the person's clock, or off). One save sends it all.
 */
export function NotificationsCard() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: notificationPreferencesKey, queryFn: () => call(contracts.get) });
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (query.data) setDraft(draftOf(query.data));
  }, [query.data]);
  const save = useMutation({
    mutationFn: (value: Draft) =>
      call(contracts.put, {
        body: {
          channels: value.channels,
          quietHours: value.quietOn ? { start: value.start, end: value.end } : null,
        },
      }),
    onSuccess: (view) => {
      client.setQueryData(notificationPreferencesKey, view);
      toasts.show({ id: "notifications-saved", type: "success", title: t.saved });
    },
  });
  const quietId = useId();
  const data = query.data;
  if (query.isError)
    return (
      <Card title={t.title} id="notifications">
        <p className="text-sm text-red-700">{t.loadFailed}</p>
      </Card>
    );
  const channels: NotificationChannel[] = data?.available ?? ["email"];
  const toggle = (kind: ChoosableKind, channel: NotificationChannel, on: boolean) =>
    setDraft((current) =>
      current
        ? {
            ...current,
            channels: {
              ...current.channels,
              [kind]: on
                ? [...current.channels[kind].filter((c) => c !== channel), channel]
                : current.channels[kind].filter((c) => c !== channel),
            },
          }
        : current,
    );
  return (
    <Card title={t.title} id="notifications" data-testid="notifications-card">
      <form
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (draft) save.mutate(draft);
        }}
      >
        <p className="text-sm leading-relaxed text-slate-700">{t.intro}</p>
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{t.kindsLabel}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pe-3 text-start font-medium text-slate-700">
                  {t.kindColumn}
                </th>
                {channels.map((channel) => (
                  <th key={channel} scope="col" className="px-2 py-2 text-center font-medium text-slate-700">
                    {t.channels[channel]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {choosableKinds.map((kind) => (
                <tr key={kind} className="border-b border-slate-100" data-kind={kind}>
                  <th scope="row" className="py-2 pe-3 text-start font-normal text-slate-900">
                    {t.kinds[kind]}
                    {t.kindHints[kind] && (
                      <span className="block text-xs leading-relaxed text-slate-600">
                        {t.kindHints[kind]}
                      </span>
                    )}
                  </th>
                  {channels.map((channel) => (
                    <td key={channel} className="px-2 py-2 text-center">
                      <input
                        type="checkbox"
                        className="size-5 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                        aria-label={t.cell(t.kinds[kind], t.channels[channel])}
                        data-testid={`notify-${kind}-${channel}`}
                        disabled={!draft || save.isPending}
                        checked={draft?.channels[kind].includes(channel) ?? false}
                        onChange={(event) => toggle(kind, channel, event.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
              {requiredKinds.map((kind) => (
                <tr key={kind} className="border-b border-slate-100" data-kind={kind}>
                  <th scope="row" className="py-2 pe-3 text-start font-normal text-slate-900">
                    {t.kinds[kind]}
                    <span className="block text-xs text-slate-600">{t.required}</span>
                  </th>
                  {channels.map((channel) => (
                    <td key={channel} className="px-2 py-2 text-center">
                      {channel !== "push" && (
                        <input
                          type="checkbox"
                          className="size-5 accent-brand-700"
                          aria-label={`${t.cell(t.kinds[kind], t.channels[channel])}: ${t.required}`}
                          checked
                          disabled
                          readOnly
                        />
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-xs leading-relaxed text-slate-600">{t.requiredHint}</p>
        {data && !channels.includes("whatsapp") && !channels.includes("telegram") && (
          <p className="text-xs leading-relaxed text-slate-600">{t.noApp}</p>
        )}
        <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-bold text-slate-900">{t.quiet.title}</legend>
          <p id={`${quietId}-hint`} className="text-xs leading-relaxed text-slate-600">
            {t.quiet.hint}
          </p>
          <div className="flex items-center gap-3">
            <input
              id={`${quietId}-on`}
              type="checkbox"
              role="switch"
              className="size-5 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              aria-describedby={`${quietId}-hint`}
              data-testid="quiet-on"
              disabled={!draft || save.isPending}
              checked={draft?.quietOn ?? false}
              onChange={(event) =>
                setDraft((current) => (current ? { ...current, quietOn: event.target.checked } : current))
              }
            />
            <label htmlFor={`${quietId}-on`} className="text-sm font-medium text-slate-900">
              {t.quiet.on}
            </label>
          </div>
          <div className="flex flex-wrap gap-4">
            {(["start", "end"] as const).map((edge) => (
              <div key={edge} className="flex items-center gap-2">
                <label htmlFor={`${quietId}-${edge}`} className="text-sm text-slate-800">
                  {edge === "start" ? t.quiet.from : t.quiet.to}
                </label>
                <input
                  id={`${quietId}-${edge}`}
                  type="time"
                  dir="ltr"
                  required
                  data-testid={`quiet-${edge}`}
                  className="rounded-lg border border-slate-300 px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:bg-slate-100"
                  disabled={!draft?.quietOn || save.isPending}
                  value={draft?.[edge] ?? ""}
                  onChange={(event) =>
                    setDraft((current) => (current ? { ...current, [edge]: event.target.value } : current))
                  }
                />
              </div>
            ))}
          </div>
        </fieldset>
        <div>
          <Button type="submit" disabled={!draft || save.isPending} data-testid="notifications-save">
            {save.isPending ? t.saving : t.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}
