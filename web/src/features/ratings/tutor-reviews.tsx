import { useState } from "react";
import { errorMessage } from "../../i18n/ar-EG";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { errorCodeOf } from "../../lib/api-error";
import { formatDate, formatNumber } from "../../lib/format";
import { Notice } from "../../ui/notice";
import { Pagination } from "../../ui/pagination";
import { Spinner } from "../../ui/spinner";
import { TutorPhoto } from "../tutors/tutor-photo";
import { reviewsPageSize, useTutorReviewsQuery } from "./use-ratings";

const t = arLessons.ratings;

/** The reviews tab of /t/{id}: average and count, then the reviews newest first ("more" loads the next ones). */
export function TutorReviews({ tutorId }: { tutorId: number }) {
  const [page, setPage] = useState(1);
  const reviews = useTutorReviewsQuery(tutorId, page);

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
              </div>
            </li>
          );
        })}
      </ul>
      <Pagination label={t.pagination} page={page} total={total} size={reviewsPageSize} onPage={setPage} />
    </div>
  );
}
