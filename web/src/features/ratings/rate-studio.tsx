import { useState } from "react";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { Button } from "../../ui/button";
import { usePhotoSessionQuery } from "../studio/use-studio";
import { RatingDialog } from "./rating-dialog";
import { useMyRatingsQuery } from "./use-ratings";

const t = arLessons.ratings;

/**
 * docs/rules.md (Ratings): a tutor may rate the studio that made their video. Shown under a
 * finished photo session once the studio uploaded the video; opens the rating dialog (new or edit).
 */
export function RateStudio({ sessionId }: { sessionId: number }) {
  const session = usePhotoSessionQuery(sessionId);
  const mine = useMyRatingsQuery();
  const [open, setOpen] = useState(false);
  const view = session.data;
  if (!view || view.studioId === null || view.video === null || mine.isLoading) return null;
  const studioId = view.studioId;
  const existing = mine.data?.get(studioId) ?? null;

  return (
    <div>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {existing ? t.editStudioRating : t.rateStudio}
      </Button>
      {open && (
        <RatingDialog
          subject="studio"
          tutorId={studioId}
          tutorName={view.studioName ?? arTutorJourney.onboarding.noName}
          existing={existing}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
