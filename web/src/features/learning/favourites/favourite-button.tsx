import { useLocation, useNavigate } from "react-router-dom";
import type { Gender } from "@schema/enums";
import { arFavourites } from "../../../i18n/ar-EG-favourites";
import { byGender } from "../../../lib/plural";
import { useIsSignedIn } from "../../../lib/session";
import { cx } from "../../../ui/class-names";
import { toasts } from "../../../ui/toast-store";
import { useFavouriteIds, useToggleFavourite } from "./use-favourites";

const t = arFavourites;

/**
 * The heart on a tutor's card and page: saves the tutor or forgets them at once (optimistic, the
 * saved ids shared by every heart on the screen). A visitor goes to sign in and comes back here.
 */
export function FavouriteButton({
  tutorId,
  gender,
  className,
}: {
  tutorId: number;
  gender: Gender | null;
  className?: string;
}) {
  const signedIn = useIsSignedIn();
  const ids = useFavouriteIds();
  const toggle = useToggleFavourite();
  const navigate = useNavigate();
  const location = useLocation();
  const saved = ids?.has(tutorId) ?? false;

  function press() {
    if (!signedIn) {
      const next = `${location.pathname}${location.search}${location.hash}`;
      void navigate(`/login?next=${encodeURIComponent(next)}`);
      return;
    }
    toggle.mutate(
      { tutorId, save: !saved },
      {
        onSuccess: (state) =>
          toasts.show({ id: "favourite", type: "success", title: state.saved ? t.saved : t.removed }),
        onError: () => toasts.show({ id: "favourite", type: "error", title: t.saveFailed }),
      },
    );
  }

  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? byGender(t.unsave, gender) : byGender(t.save, gender)}
      title={saved ? byGender(t.unsave, gender) : byGender(t.save, gender)}
      data-favourite={tutorId}
      onClick={press}
      className={cx(
        "inline-flex size-11 shrink-0 items-center justify-center rounded-full border transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        saved
          ? "border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100"
          : "border-slate-200 bg-white text-slate-600 hover:bg-slate-50 hover:text-rose-700",
        className,
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill={saved ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.6 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.6 0 5.8 3.6 4.5 7.1-1.8 4.8-9.3 9.4-9.3 9.4z" />
      </svg>
    </button>
  );
}
