import { Link } from "react-router-dom";
import { arFavourites } from "../../i18n/ar-EG-favourites";
import { formatNumber } from "../../lib/format";
import { buttonClasses } from "../../ui/button";

/**
 * The tutor page's booking, opened at the tutor's soonest free time with this duration
 * (`/t/{id}?book=next&duration=30#book`, read by web/src/pages/tutor-profile/tutor-profile-page.tsx).
 */
export function bookAgainPath(tutorId: number, duration: 15 | 30): string {
  return `/t/${tutorId}?book=next&duration=${duration}#book`;
}

/** «احجز مرة أخرى»: the same tutor, the same length, the soonest free time. */
export function BookAgainLink({ tutorId, duration }: { tutorId: number; duration: 15 | 30 }) {
  return (
    <Link
      to={bookAgainPath(tutorId, duration)}
      className={buttonClasses("secondary", "sm")}
      aria-label={arFavourites.bookAgainLabel(formatNumber(duration))}
      data-book-again={tutorId}
    >
      {arFavourites.bookAgain}
    </Link>
  );
}
