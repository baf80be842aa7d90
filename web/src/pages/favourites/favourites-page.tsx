import { Link, useSearchParams } from "react-router-dom";
import { useFavouritesQuery, favouritesPageSize } from "../../features/learning/favourites/use-favourites";
import { TutorCard } from "../../features/tutors/tutor-card";
import { ar } from "../../i18n/ar-EG";
import { arFavourites } from "../../i18n/ar-EG-favourites";
import { buttonClasses } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Pagination } from "../../ui/pagination";
import { ListSkeleton } from "../../ui/skeleton";

const t = arFavourites;

/** /favourites — the signed-in user's saved tutors, newest saved first, as the tutor list's cards. */
export function FavouritesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const favourites = useFavouritesQuery(page);
  const list = favourites.data;
  return (
    <PageFrame title={t.title} subtitle={t.subtitle} width="wide">
      {favourites.isError ? (
        <Notice tone="error">
          {t.loadFailed}{" "}
          <button type="button" className="font-medium underline" onClick={() => void favourites.refetch()}>
            {ar.ui.retry}
          </button>
        </Notice>
      ) : list === undefined ? (
        <ListSkeleton rows={3} variant="cards" />
      ) : list.list.length === 0 ? (
        <div className="flex flex-col items-start gap-3" data-favourites-empty="">
          <Notice tone="info">{t.empty}</Notice>
          <Link to="/tutors" className={buttonClasses("primary", "md")}>
            {t.browse}
          </Link>
        </div>
      ) : (
        <>
          <ul
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
            aria-busy={favourites.isPlaceholderData || undefined}
          >
            {list.list.map((tutor, index) => (
              <TutorCard key={tutor.id} tutor={tutor} first={index === 0} />
            ))}
          </ul>
          <Pagination
            label={t.pagination}
            page={page}
            total={list.total}
            size={favouritesPageSize}
            onPage={(next) => setParams({ page: String(next) })}
            buttonSize="md"
          />
        </>
      )}
    </PageFrame>
  );
}
