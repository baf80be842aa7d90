import { useState, type FormEvent } from "react";
import { ratingModerationBounds, type TutorReview } from "@schema/api/rating";
import { mayEditReply, RATING_REPLY_EDIT_MS } from "@schema/reviews";
import { errorMessage } from "../../i18n/ar-EG";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { reviews as strings } from "../../i18n/ar-EG-reviews";
import { errorCodeOf } from "../../lib/api-error";
import { formatDate, formatDateTime, formatNumber } from "../../lib/format";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { Pagination } from "../../ui/pagination";
import { Spinner } from "../../ui/spinner";
import { toasts } from "../../ui/toast-store";
import { TextArea } from "../onboarding/text-area";
import { TutorReply } from "./tutor-reviews";
import { reviewsPageSize, useReplyToRating, useTutorReviewsQuery } from "./use-ratings";

const t = strings.mine;
const stars = arLessons.ratings;

/** The reply box under one of the tutor's ratings: write once, edit for 24 hours, then it stays. */
function ReplyBox({ review }: { review: TutorReview }) {
  const [draft, setDraft] = useState<string | null>(null);
  const reply = useReplyToRating();
  const editable = mayEditReply(review.repliedAt, Date.now());
  if (!editable) return <p className="text-xs text-slate-600">{t.locked}</p>;
  const text = draft ?? review.reply ?? "";
  function submit(event: FormEvent) {
    event.preventDefault();
    reply.mutate(
      { id: review.id, text },
      {
        onSuccess: () => {
          setDraft(null);
          toasts.show({ id: `rating-reply-${review.id}`, type: "success", title: t.saved });
        },
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" data-reply-form={review.id}>
      <TextArea
        label={t.replyLabel}
        hint={
          review.repliedAt
            ? t.editUntil(formatDateTime(Date.parse(review.repliedAt) + RATING_REPLY_EDIT_MS))
            : t.replyHint
        }
        rows={3}
        required
        maxLength={ratingModerationBounds.reply.max}
        value={text}
        error={reply.isError ? errorMessage(errorCodeOf(reply.error)) : undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button
        type="submit"
        size="sm"
        className="self-start"
        loading={reply.isPending}
        disabled={text.trim() === "" || text.trim() === (review.reply ?? "")}
      >
        {review.reply ? t.save : t.send}
      </Button>
    </form>
  );
}

/** «تقييماتي» on the tutor's dashboard: their public reviews, newest first, each with its reply box. */
export function MyReviews({ tutorId }: { tutorId: number }) {
  const [page, setPage] = useState(1);
  const reviews = useTutorReviewsQuery(tutorId, page);
  return (
    <Card>
      <section aria-labelledby="my-reviews-title" className="flex flex-col gap-3" data-my-reviews>
        <h2 id="my-reviews-title" className="text-lg font-bold text-slate-900">
          {t.title}
        </h2>
        <p className="text-sm text-slate-700">{t.intro}</p>
        {reviews.isPending ? (
          <Spinner />
        ) : reviews.isError ? (
          <Notice tone="error">{errorMessage(errorCodeOf(reviews.error))}</Notice>
        ) : reviews.data.list.length === 0 ? (
          <p className="text-slate-700">{t.empty}</p>
        ) : (
          <>
            <ul className="flex flex-col gap-3">
              {reviews.data.list.map((review) => (
                <li
                  key={review.id}
                  className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4"
                  data-my-review={review.id}
                >
                  <p className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-bold text-slate-900">
                      <bdi>{review.raterName ?? stars.anonymous}</bdi>
                    </span>
                    <time dateTime={review.createdAt} className="text-xs text-slate-600">
                      {formatDate(review.createdAt)}
                    </time>
                  </p>
                  <p
                    className="text-amber-600"
                    role="img"
                    aria-label={stars.valueOf(formatNumber(review.value))}
                  >
                    {"★".repeat(review.value)}
                    <span className="text-slate-300">{"★".repeat(5 - review.value)}</span>
                  </p>
                  {review.text && (
                    <p className="whitespace-pre-line break-words text-slate-800" dir="auto">
                      {review.text}
                    </p>
                  )}
                  <TutorReply review={review} />
                  <ReplyBox review={review} />
                </li>
              ))}
            </ul>
            <Pagination
              label={t.pagination}
              page={page}
              total={reviews.data.total}
              size={reviewsPageSize}
              onPage={setPage}
            />
          </>
        )}
      </section>
    </Card>
  );
}
