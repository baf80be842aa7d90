import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { privacyDeletionContracts } from "@schema/api/privacy-deletion";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { errorMessage } from "../../i18n/ar-EG";
import { durationCounts } from "../../i18n/ar-EG-durations";
import { privacyDeletion } from "../../i18n/ar-EG-privacy-deletion";
import { errorCodeOf } from "../../lib/api-error";
import { call } from "../../lib/client";
import { formatDate, formatMoney } from "../../lib/format";
import { countOf } from "../../lib/plural";
import { useSignOut } from "../session/use-sign-out";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";

const t = privacyDeletion.card;

/** The deletion request's state, read by the card and the grace screen. */
export const deletionStatusKey = ["privacy-deletion", "status"] as const;

export function useDeletionStatus(enabled = true) {
  return useQuery({
    queryKey: deletionStatusKey,
    queryFn: () => call(privacyDeletionContracts.status),
    enabled,
  });
}

/** The grace period in words: «١٤ يوم». */
export const graceInWords = (days: number) => countOf(durationCounts.days, days);

/**
 * «حذف الحساب» in the student's and tutor's settings: what is erased and what is kept (and why),
 * the grace period, then the password (or, for an account without one, an emailed code). Once
 * asked, every session has ended on the server: this browser signs out and is told the date.
 */
export function DeleteAccountCard() {
  const status = useDeletionStatus();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const sendCode = useMutation({
    mutationFn: () => call(privacyDeletionContracts.sendCode),
    onSuccess: () => toasts.show({ id: "deletion-code", type: "success", title: t.codeSent }),
  });
  const request = useMutation({
    mutationFn: () =>
      call(privacyDeletionContracts.request, {
        body: status.data?.needsCode ? { code } : { password },
      }),
    onSuccess: (result) => {
      toasts.show({
        id: "deletion-requested",
        type: "success",
        title: t.done(result.dueAt ? formatDate(result.dueAt) : ""),
      });
      signOut({ serverAlreadyEnded: true });
    },
  });

  const data = status.data;
  const failure = request.error ? errorCodeOf(request.error) : null;
  const fieldError = failure && failure !== "deletion-blocked-by-balance" ? errorMessage(failure) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    request.mutate();
  }

  return (
    <Card title={t.title}>
      {!data ? (
        <p className="text-sm text-slate-700">{t.loading}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-base text-slate-800">{t.intro}</p>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <section aria-labelledby="deletion-erased">
              <h3 id="deletion-erased" className="mb-2 font-bold text-slate-900">
                {t.erasedTitle}
              </h3>
              <ul className="list-disc space-y-1 ps-5 text-sm text-slate-800">
                {t.erased.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="deletion-kept">
              <h3 id="deletion-kept" className="mb-2 font-bold text-slate-900">
                {t.keptTitle}
              </h3>
              <ul className="list-disc space-y-1 ps-5 text-sm text-slate-800">
                {t.kept.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
          </div>
          <p className="text-sm text-slate-800">{t.effects}</p>
          <p className="text-sm font-medium text-slate-900">
            {data.graceDays > 0 ? t.grace(graceInWords(data.graceDays)) : t.graceNone}
          </p>
          {!data.allowed ? (
            <Notice tone="info">{t.staff}</Notice>
          ) : data.blockedAmount > 0 || failure === "deletion-blocked-by-balance" ? (
            <Notice tone="warning">{t.blocked(formatMoney(data.blockedAmount))}</Notice>
          ) : !open ? (
            <div>
              <Button variant="danger" onClick={() => setOpen(true)}>
                {t.start}
              </Button>
            </div>
          ) : (
            <form className="flex max-w-md flex-col gap-3" onSubmit={submit} noValidate>
              {data.needsCode ? (
                <>
                  <div>
                    <Button
                      variant="secondary"
                      loading={sendCode.isPending}
                      onClick={() => sendCode.mutate()}
                    >
                      {t.sendCode}
                    </Button>
                  </div>
                  <TextField
                    label={t.code}
                    hint={t.codeHint}
                    required
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    ltr
                    maxLength={5}
                    value={code}
                    error={fieldError}
                    onChange={(event) => setCode(event.target.value)}
                  />
                </>
              ) : (
                <TextField
                  label={t.password}
                  hint={t.passwordHint}
                  type="password"
                  required
                  autoComplete="current-password"
                  value={password}
                  error={fieldError}
                  onChange={(event) => setPassword(event.target.value)}
                />
              )}
              <div className="flex flex-wrap gap-3">
                <Button type="submit" variant="danger" loading={request.isPending}>
                  {t.confirm}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setOpen(false);
                    request.reset();
                  }}
                >
                  {t.cancel}
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
    </Card>
  );
}
