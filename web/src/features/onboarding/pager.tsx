import { ar } from "../../i18n/ar-EG";
import { Pagination } from "../../ui/pagination";

/** Previous / next for the onboarding's paged lists (interviews, demo sessions, videos). */
export function Pager(props: { page: number; total: number; size: number; onPage: (page: number) => void }) {
  return <Pagination label={ar.onboarding.pagination} {...props} />;
}
