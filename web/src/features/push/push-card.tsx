import { useId } from "react";
import { arPush } from "../../i18n/ar-EG-push";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { toasts } from "../../ui/toast-store";
import { usePush } from "./use-push";

const t = arPush;

/**
 * «إشعارات على الجهاز ده» in the student's and tutor's settings: one switch per browser. Turning
 * it on asks the browser's permission and subscribes; off unsubscribes. Where the browser cannot
 * (no Push API) or the person blocked notifications, it says so instead of a switch that fails.
 */
export function PushCard() {
  const id = useId();
  const { state, toggle } = usePush();
  const current = state.data;
  const problem =
    current === "unsupported"
      ? t.unsupported
      : current === "denied"
        ? t.denied
        : toggle.isError
          ? t.failed
          : null;
  return (
    <Card title={t.card.title} data-testid="push-card">
      <div className="flex flex-col gap-3">
        {current !== "unsupported" && (
          <div className="flex items-start gap-3">
            <input
              id={id}
              type="checkbox"
              role="switch"
              className="mt-1 size-5 shrink-0 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              checked={current === "on"}
              disabled={state.isPending || current === "denied" || toggle.isPending}
              aria-describedby={`${id}-hint`}
              aria-busy={toggle.isPending || state.isPending}
              data-testid="push-switch"
              onChange={(event) => {
                const wanted = event.target.checked;
                toggle.mutate(wanted, {
                  onSuccess: (next) => {
                    if (next === "on") toasts.show({ id: "push", type: "success", title: t.card.on });
                    else if (next === "off" && !wanted)
                      toasts.show({ id: "push", type: "success", title: t.card.off });
                  },
                });
              }}
            />
            <div className="flex flex-col gap-1">
              <label htmlFor={id} className="text-sm font-medium text-slate-900">
                {t.card.label}
              </label>
              <p id={`${id}-hint`} className="text-xs leading-relaxed text-slate-600">
                {state.isPending ? t.card.checking : t.card.hint}
              </p>
            </div>
          </div>
        )}
        {problem && (
          <div data-testid="push-problem">
            <Notice tone={current === "unsupported" ? "info" : "warning"}>{problem}</Notice>
          </div>
        )}
      </div>
    </Card>
  );
}
