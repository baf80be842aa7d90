import { useState } from "react";
import type { TutorReview } from "@schema/api/rating";
import { errorMessage } from "../../i18n/ar-EG";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { reviews as reviewStrings } from "../../i18n/ar-EG-reviews";
import { errorCodeOf } from "../../lib/api-error";
import { formatDate, formatNumber } from "../../lib/format";
import { useSession } from "../../lib/session";
import { Notice } from "../../ui/notice";
import { Pagination } from "../../ui/pagination";
import { Spinner } from "../../ui/spinner";
import { TutorPhoto } from "../tutors/tutor-photo";
import { FlagDialog } from "./flag-dialog";
import { reviewsPageSize, useTutorReviewsQuery } from "./use-ratings";

const t = arLessons.ratings;

/** The rated tutor's reply under a rating (docs/rules.md, Reviews). */
export function TutorReply({ review }: { review: Pick<TutorReview, "reply" | "replyEditedAt"> }) {
  if (!review.reply) return null;
  return (
    <div className="mt-2 rounded-lg border-s-4 border-brand-600 bg-slate-50 p-3" data-review-reply>
      <p className="text-sm font-bold text-slate-900">
        {reviewStrings.reply.heading}
        {review.replyEditedAt && (
          <span className="ms-2 text-xs font-normal text-slate-600">{reviewStrings.reply.edited}</span>
        )}
      </p>
      <p className="whitespace-pre-line break-words text-slate-800" dir="auto">
        {review.reply}
      </p>
    </div>
  );
}

/** The reviews tab of /t/{id}: average and count, then the reviews newest first ("more" loads the next ones). */
export function TutorReviews({ tutorId }: { tutorId: number }) {
  const [page, setPage] = useState(1);
  const reviews = useTutorReviewsQuery(tutorId, page);
  const { user } = useSession();
  const [flagging, setFlagging] = useState<number | null>(null);
  const [flagged, setFlagged] = useState<ReadonlySet<number>>(new Set());

  if (reviews.isPending) return <Spinner />;
  if (reviews.isError) return <Notice tone="error">{errorMessage(errorCodeOf(reviews.error))}</Notice>;
  const { list, total, average, count } = reviews.data;
  if (list.length === 0) return <p className="text-slate-700">{arLessons.marketplace.profile.noReviews}</p>;
  return (
    <div className="flex flex-col gap-4">
      {average !== null && (
        <p className="font-bold text-slate-900">
          <span aria-hidden="true" className="text-amber-600">
            ★{" "}
          </span>
          {t.reviewsSummary(formatNumber(Math.round(average * 10) / 10), formatNumber(count))}
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {list.map((review) => {
          const name = review.raterName ?? t.anonymous;
          return (
            <li
              key={review.id}
              className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4"
              data-review={review.id}
            >
              <TutorPhoto name={review.raterName} image={review.raterImage} />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-bold text-slate-900">
                    <bdi>{name}</bdi>
                  </span>
                  <time dateTime={review.createdAt} className="text-xs text-slate-600">
                    {formatDate(review.createdAt)}
                  </time>
                </p>
                <p className="text-amber-600" role="img" aria-label={t.valueOf(formatNumber(review.value))}>
                  {"★".repeat(review.value)}
                  <span className="text-slate-300">{"★".repeat(5 - review.value)}</span>
                </p>
                {review.text && (
                  <p className="whitespace-pre-line break-words text-slate-800" dir="auto">
                    {review.text}
                  </p>
                )}
                <TutorReply review={review} />
                {user && user.id !== review.raterId && (
                  <p className="mt-1">
                    {flagged.has(review.id) ? (
                      <span className="text-xs text-slate-600">{reviewStrings.flag.already}</span>
                    ) : (
                      <button
                        type="button"
                        aria-haspopup="dialog"
                        onClick={() => setFlagging(review.id)}
                        className="min-h-9 text-xs text-slate-700 underline underline-offset-2 hover:text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-600"
                      >
                        {reviewStrings.flag.open}
                        <span className="sr-only"> {reviewStrings.flag.of(name)}</span>
                      </button>
                    )}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <Pagination label={t.pagination} page={page} total={total} size={reviewsPageSize} onPage={setPage} />
      {flagging !== null && (
        <FlagDialog
          ratingId={flagging}
          onClose={() => setFlagging(null)}
          onFlagged={() => setFlagged((current) => new Set(current).add(flagging))}
        />
      )}
    </div>
  );
}
