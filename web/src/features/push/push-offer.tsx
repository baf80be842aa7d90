import { useId, useState } from "react";
import { arPush } from "../../i18n/ar-EG-push";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { usePush } from "./use-push";

const t = arPush;
/** Set once the person answered the offer on this browser (turned push on or said not now). */
const answeredKey = "dars:push-offer";

const answered = () => {
  try {
    return window.localStorage.getItem(answeredKey) !== null;
  } catch {
    return true;
  }
};

/**
 * A small card on the booking confirmation: the first time someone books on this browser with
 * push off, it offers the lesson reminders as notifications here. Dismissed for good by either
 * answer; never shown where push is unsupported, blocked or already on.
 */
export function PushOffer() {
  const id = useId();
  const { state, toggle } = usePush();
  const [hidden, setHidden] = useState(answered);
  if (hidden || state.data !== "off") {
    if (toggle.isError) return <Notice tone="warning">{t.failed}</Notice>;
    return null;
  }
  const answer = (value: string) => {
    try {
      window.localStorage.setItem(answeredKey, value);
    } catch {
      // Private mode: the offer may come back next time, nothing worse.
    }
    setHidden(true);
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="push-offer"
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4"
    >
      <h3 id={`${id}-title`} className="font-bold text-slate-900">
        {t.offer.title}
      </h3>
      <p className="text-sm leading-relaxed text-slate-700">{t.offer.body}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => toggle.mutate(true, { onSettled: () => answer("asked") })}
          disabled={toggle.isPending}
        >
          {t.offer.accept}
        </Button>
        <Button variant="secondary" onClick={() => answer("dismissed")}>
          {t.offer.dismiss}
        </Button>
      </div>
    </section>
  );
}
