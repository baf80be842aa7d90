import { useState, type FormEvent } from "react";
import { ratingFlagReasons, ratingModerationBounds, type RatingFlagReason } from "@schema/api/rating";
import { errorMessage } from "../../i18n/ar-EG";
import { reviews } from "../../i18n/ar-EG-reviews";
import { errorCodeOf } from "../../lib/api-error";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { RadioGroup } from "../../ui/radio-group";
import { toasts } from "../../ui/toast-store";
import { TextArea } from "../onboarding/text-area";
import { useFlagRating } from "./use-ratings";

const t = reviews.flag;

/**
 * Flag a rating for the team (POST /rating/{id}/flag): a reason from the short list and an
 * optional word more. `onFlagged` runs once the flag is stored, or when one was stored before.
 */
export function FlagDialog({
  ratingId,
  onClose,
  onFlagged,
}: {
  ratingId: number;
  onClose: () => void;
  onFlagged: () => void;
}) {
  const [reason, setReason] = useState<RatingFlagReason>("offensive");
  const [text, setText] = useState("");
  const flag = useFlagRating();
  function submit(event: FormEvent) {
    event.preventDefault();
    flag.mutate(
      { id: ratingId, body: { reason, text: text.trim() || undefined } },
      {
        onSuccess: () => {
          toasts.show({ id: `rating-flag-${ratingId}`, type: "success", title: t.sent });
          onFlagged();
          onClose();
        },
        onError: (error) => {
          if (errorCodeOf(error) === "rating-flag-exists") onFlagged();
        },
      },
    );
  }
  const code = flag.isError ? errorCodeOf(flag.error) : null;
  return (
    <Dialog open onClose={onClose} title={t.title} description={t.intro}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-flag-form={ratingId}>
        <RadioGroup
          legend={t.reasonLegend}
          name={`flag-reason-${ratingId}`}
          value={reason}
          onChange={(value) => setReason(value as RatingFlagReason)}
          options={ratingFlagReasons.map((value) => ({ value, label: t.reasons[value] }))}
          required
        />
        <TextArea
          label={t.textLabel}
          rows={3}
          maxLength={ratingModerationBounds.flagText.max}
          value={text}
          error={code === "long-rating-flag-text" ? errorMessage(code) : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {code && code !== "long-rating-flag-text" && <Notice tone="error">{errorMessage(code)}</Notice>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={flag.isPending}>
            {t.send}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
