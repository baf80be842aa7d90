import { useEffect, useState } from "react";
import type { SavedCard } from "@schema/api/payment";
import { errorMessage } from "../../i18n/ar-EG";
import { arPayments } from "../../i18n/ar-EG-payments";
import { errorCodeOf } from "../../lib/api-error";
import { Button } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { Dialog } from "../../ui/dialog";
import { Badge, Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { toasts } from "../../ui/toast-store";
import { checkoutReturnKey } from "./payment-logic";
import { useAddCardUrl, useDeleteCard, useSavedCardsQuery } from "./use-payments";

const t = arPayments.payments.card;

type SavedCardsProps = {
  name: string;
  value: string;
  onChange: (token: string) => void;
  /** Where the hosted add-card page brings the student back to (this checkout, resumed). */
  returnTo?: string;
};

/** The card to start on: the one chosen while it is still saved, else the default (or the only) one. */
export function preselectedCard(cards: SavedCard[], value: string): string {
  if (cards.some((card) => card.token === value)) return value;
  return (cards.find((card) => card.isDefault) ?? cards[0])?.token ?? "";
}

/** The saved cards as a radio list, each with delete; and "add card" to Fawry's hosted page. */
export function SavedCards({ name, value, onChange, returnTo }: SavedCardsProps) {
  const cards = useSavedCardsQuery();
  const remove = useDeleteCard();
  const addUrl = useAddCardUrl();
  const [deleting, setDeleting] = useState<SavedCard | null>(null);
  const preselected = cards.data ? preselectedCard(cards.data, value) : value;
  useEffect(() => {
    if (preselected !== value) onChange(preselected);
  }, [preselected, value, onChange]);

  function addCard() {
    sessionStorage.setItem(checkoutReturnKey, returnTo ?? window.location.pathname);
    addUrl.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) });
  }

  function confirmDelete() {
    if (!deleting) return;
    const card = deleting;
    remove.mutate(card.token, {
      onSuccess: () => {
        toasts.show({ type: "success", title: t.deleted });
        if (value === card.token) onChange("");
        setDeleting(null);
      },
    });
  }

  return (
    <div className="flex flex-col gap-3">
      {cards.isPending ? (
        <Spinner />
      ) : cards.isError ? (
        <Notice tone="error">{errorMessage(errorCodeOf(cards.error))}</Notice>
      ) : cards.data.length === 0 ? (
        <Notice tone="info">{t.noCards}</Notice>
      ) : (
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">{t.chooseCard}</legend>
          <ul className="flex flex-col gap-2">
            {cards.data.map((card) => (
              <li
                key={card.token}
                className={cx(
                  "flex flex-wrap items-center gap-3 rounded-lg border p-3",
                  "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                  value === card.token ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white",
                )}
              >
                <label className="flex min-h-11 min-w-0 flex-1 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1">
                  <input
                    type="radio"
                    name={name}
                    value={card.token}
                    checked={value === card.token}
                    onChange={() => onChange(card.token)}
                    className="size-4 accent-brand-700 focus-visible:outline-none"
                  />
                  <span className="font-medium text-slate-900">{card.brand}</span>
                  <span dir="ltr" className="font-mono text-sm text-slate-700">
                    {card.maskedPan}
                  </span>
                  {card.isDefault && <Badge tone="neutral">{t.default}</Badge>}
                </label>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setDeleting(card)}
                  aria-label={t.deleteCard(card.maskedPan)}
                >
                  {t.delete}
                </Button>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div className="flex flex-col gap-1">
        <Button variant="secondary" className="self-start" loading={addUrl.isPending} onClick={addCard}>
          {t.addCard}
        </Button>
        <p className="text-xs text-slate-600">{t.addCardHint}</p>
        {addUrl.isError && <Notice tone="error">{errorMessage(errorCodeOf(addUrl.error))}</Notice>}
      </div>
      {deleting && (
        <Dialog open onClose={() => setDeleting(null)} title={t.deleteTitle} description={t.deleteBody}>
          <p dir="ltr" className="font-mono text-sm">
            {deleting.maskedPan}
          </p>
          {remove.isError && <Notice tone="error">{errorMessage(errorCodeOf(remove.error))}</Notice>}
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="danger" loading={remove.isPending} onClick={confirmDelete}>
              {t.deleteConfirm}
            </Button>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t.keep}
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
