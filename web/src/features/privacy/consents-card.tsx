import { useId } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { privacyContracts, type ConsentKind, type ConsentsView } from "@schema/api/privacy";
import { privacyData } from "../../i18n/ar-EG-privacy";
import { call } from "../../lib/client";
import { writeConsent } from "../../lib/consent";
import { formatDateTime } from "../../lib/format";
import { Card } from "../../ui/card";
import { toasts } from "../../ui/toast-store";

const t = privacyData.consentsCard;
export const consentsKey = ["privacy", "consents"] as const;

/**
 * «موافقاتك» in the student's and tutor's settings: analytics and marketing, each a switch that
 * records a new choice (withdrawing is the same click as giving). Analytics also follows on this
 * browser, so the banner's answer and this switch stay one.
 */
export function ConsentsCard() {
  const client = useQueryClient();
  const consents = useQuery({ queryKey: consentsKey, queryFn: () => call(privacyContracts.consents) });
  const save = useMutation({
    mutationFn: (choice: { kind: ConsentKind; granted: boolean }) =>
      call(privacyContracts.setConsent, { body: choice }),
    onSuccess: (view, choice) => {
      client.setQueryData(consentsKey, view);
      if (choice.kind === "analytics") writeConsent(choice.granted ? "granted" : "denied");
      toasts.show({ id: "consent-saved", type: "success", title: t.saved });
    },
  });
  const data = consents.data;
  return (
    <Card title={t.title}>
      <div className="flex flex-col gap-4">
        <p className="text-sm leading-relaxed text-slate-700">{t.intro}</p>
        <ConsentSwitch
          kind="analytics"
          label={t.analytics}
          hint={t.analyticsHint}
          record={data?.analytics ?? null}
          disabled={!data || save.isPending}
          onChange={(granted) => save.mutate({ kind: "analytics", granted })}
        />
        <ConsentSwitch
          kind="marketing"
          label={t.marketing}
          hint={t.marketingHint}
          record={data?.marketing ?? null}
          disabled={!data || save.isPending}
          onChange={(granted) => save.mutate({ kind: "marketing", granted })}
        />
      </div>
    </Card>
  );
}

function ConsentSwitch(props: {
  kind: ConsentKind;
  label: string;
  hint: string;
  record: ConsentsView["analytics"];
  disabled: boolean;
  onChange: (granted: boolean) => void;
}) {
  const id = useId();
  const checked = props.record?.granted ?? false;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="mt-1 size-5 shrink-0 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        checked={checked}
        disabled={props.disabled}
        aria-describedby={`${id}-hint`}
        data-testid={`consent-${props.kind}`}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {props.label}
        </label>
        <p id={`${id}-hint`} className="text-xs leading-relaxed text-slate-600">
          {props.hint}
          {props.record && <> · {t.since(formatDateTime(props.record.at))}</>}
        </p>
      </div>
    </div>
  );
}
