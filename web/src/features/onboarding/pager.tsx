import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { Pagination } from "../../ui/pagination";

/** Previous / next for the onboarding's paged lists (interviews, demo sessions, videos). */
export function Pager(props: { page: number; total: number; size: number; onPage: (page: number) => void }) {
  return <Pagination label={arTutorJourney.onboarding.pagination} {...props} />;
}
