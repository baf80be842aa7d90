import { Link } from "react-router-dom";
import type { TutorCard as TutorCardData, TutorRating } from "@schema/api/tutor";
import { market } from "../../i18n/ar-EG-marketplace";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { lessonPriceFor } from "@schema/pricing";
import { formatMoney, formatNumber, formatWhen } from "../../lib/format";
import { buttonClasses } from "../../ui/button";
import { TutorPhoto } from "./tutor-photo";
import { TutorVideoButton } from "./tutor-video";
import { SoonestFreeTime, WeekFreeDays } from "./visitor-panels";
import { useBusinessNumbers } from "../config/use-app-config";
import { useNearView } from "../../lib/use-near-view";
import { FavouriteButton } from "../learning/favourites/favourite-button";
import { ResponseTime } from "../learning/favourites/response-time";

const t = arLessons.marketplace.tutors;

export function RatingText({ rating }: { rating: TutorRating }) {
  if (rating.average === null || rating.count === 0)
    return <span className="text-slate-600">{t.noRating}</span>;
  return (
    <span className="text-slate-800">
      <span aria-hidden="true" className="text-amber-600">
        ★{" "}
      </span>
      {t.ratingOf(formatNumber(Math.round(rating.average * 10) / 10), rating.count)}
    </span>
  );
}

export function TopicChips({ topics }: { topics: TutorCardData["topics"] }) {
  if (topics.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={arLessons.marketplace.profile.topics}>
      {topics.map((topic) => (
        <li key={topic.id} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-800">
          <bdi>{topic.nameAr}</bdi>
        </li>
      ))}
    </ul>
  );
}

/**
 * How wide a card's video thumbnail is (measured in Chromium at 360–1280 px): the list is at most
 * 896 px wide (from 928 px) and has three columns from 1024 px, two from 640 px and one below; a
 * card takes 34 px (padding, border), the page 32 px and the gap between columns 16 px
 * (web/src/pages/tutors/tutors-page.tsx, web/src/ui/page-frame.tsx).
 */
export const cardThumbnailSizes =
  "(min-width: 1024px) 254px, (min-width: 928px) 406px, (min-width: 640px) calc(50vw - 58px), calc(100vw - 66px)";

/** A card of the public tutor list (`first`: the top card, whose photo is fetched early rather than lazily). */
export function TutorCard({ tutor, first = false }: { tutor: TutorCardData; first?: boolean }) {
  const name = tutor.name ?? t.unnamed;
  const rates = useBusinessNumbers();
  const [cardRef, near] = useNearView<HTMLLIElement>();
  return (
    // A card below the fold is laid out and painted when it comes near the view, not with the list
    // (a phone shows one or two of a page's cards at first: docs/performance.md); its last size stands in meanwhile.
    <li
      ref={cardRef}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm [contain-intrinsic-size:auto_18rem] [content-visibility:auto]"
    >
      <div className="flex items-start gap-3">
        <TutorPhoto name={tutor.name} image={tutor.image} priority={first} />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="text-lg font-bold text-slate-900">
            <Link
              to={`/t/${tutor.id}`}
              className="rounded hover:underline"
              aria-label={`${t.profileOf} ${name}`}
            >
              <bdi>{name}</bdi>
            </Link>
          </h2>
          <p className="text-sm">
            <RatingText rating={tutor.rating} />
          </p>
          <p className="text-xs text-slate-600">{t.lessonsTaught(tutor.lessonsTaught)}</p>
          <ResponseTime seconds={tutor.responseSeconds} gender={tutor.gender} />
        </div>
        <FavouriteButton tutorId={tutor.id} gender={tutor.gender} className="ms-auto" />
      </div>
      {tutor.video && (
        <TutorVideoButton
          name={name}
          video={tutor.video}
          thumbnail={tutor.thumbnail}
          sizes={cardThumbnailSizes}
          priority={first}
        />
      )}
      {tutor.bio && (
        <p className="line-clamp-3 text-sm text-slate-700" dir="auto">
          {tutor.bio}
        </p>
      )}
      <TopicChips topics={tutor.topics} />
      <p className="text-sm text-slate-800" data-card-price="">
        {market.visitor.cardPrice(
          formatMoney(lessonPriceFor(30, rates)),
          formatMoney(lessonPriceFor(15, rates)),
        )}
      </p>
      {tutor.nextFreeAt ? (
        <>
          {/* Shown once the tutor's free times confirm a time that day (the same answer as the week's line). */}
          <SoonestFreeTime
            tutorId={tutor.id}
            nextFreeAt={tutor.nextFreeAt}
            near={near}
            label={(when) => `${t.nextFree} ${formatWhen(when)}`}
          />
          <WeekFreeDays tutorId={tutor.id} near={near} />
        </>
      ) : (
        <p className="text-xs text-slate-700">{t.noFreeTime}</p>
      )}
      <Link to={`/t/${tutor.id}#book`} className={buttonClasses("primary", "md", "mt-auto")}>
        {t.book}
        <span className="sr-only">
          {" "}
          {arLessons.marketplace.booking.tutor} <bdi>{name}</bdi>
        </span>
      </Link>
    </li>
  );
}
