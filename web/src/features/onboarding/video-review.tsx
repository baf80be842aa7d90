import { useState } from "react";
import type { IntroVideoView } from "@schema/api/intro-video";
import { IntroVideoStatus } from "@schema/enums";
import { errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf, isApiError } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { Button } from "../../ui/button";
import { Badge, Notice } from "../../ui/notice";
import { toasts } from "../../ui/toast-store";
import { statusTone } from "./meeting-details";
import { StepFeedback } from "./step-feedback";
import { TextArea } from "./text-area";
import { useReviewIntroVideo } from "./use-onboarding";

const videoTone = (status: IntroVideoStatus) =>
  statusTone(status === IntroVideoStatus.Approved ? 2 : status === IntroVideoStatus.Rejected ? 3 : 1);

/** One intro video with its player, and approve / reject while it is pending. */
export function VideoReview({ video }: { video: IntroVideoView }) {
  const review = useReviewIntroVideo();
  const [feedback, setFeedback] = useState("");
  const name = video.tutorName ?? arTutorJourney.onboarding.noName;
  const fieldError = isApiError(review.error) ? review.error.fields.feedback : undefined;

  function decide(status: typeof IntroVideoStatus.Approved | typeof IntroVideoStatus.Rejected) {
    review.mutate(
      { id: video.id, status, feedback: feedback.trim() || undefined },
      {
        onSuccess: () =>
          toasts.show({
            id: `video-${video.id}`,
            type: "success",
            title: arTutorJourney.onboarding.reviewed,
          }),
      },
    );
  }

  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* h2: the tabs carry no heading of their own, so each video's name follows the page's h1. */}
        <h2 className="font-bold text-slate-900">
          <bdi>{name}</bdi>
        </h2>
        <Badge tone={videoTone(video.status)}>{arTutorJourney.onboarding.videoStatuses[video.status]}</Badge>
      </div>
      <p className="text-sm text-slate-600">
        {arTutorJourney.onboarding.uploadedAt(formatDateTime(video.createdAt))}
      </p>
      <video
        controls
        preload="metadata"
        src={video.url}
        aria-label={arTutorJourney.onboarding.videoOf(name)}
        className="aspect-video w-full rounded-lg bg-black"
      >
        <track kind="captions" />
      </video>
      {video.status === IntroVideoStatus.Pending ? (
        <div className="flex flex-col gap-3">
          <TextArea
            label={arTutorJourney.onboarding.reviewFeedback}
            hint={arTutorJourney.onboarding.feedbackHint}
            value={feedback}
            onChange={(event) => setFeedback(event.target.value)}
            error={fieldError ? errorMessage(fieldError) : undefined}
            rows={3}
          />
          {review.isError && !fieldError && (
            <Notice tone="error">{errorMessage(errorCodeOf(review.error))}</Notice>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              loading={review.isPending && review.variables?.status === IntroVideoStatus.Approved}
              disabled={review.isPending}
              onClick={() => decide(IntroVideoStatus.Approved)}
            >
              {arTutorJourney.onboarding.approve}
            </Button>
            <Button
              variant="danger"
              loading={review.isPending && review.variables?.status === IntroVideoStatus.Rejected}
              disabled={review.isPending}
              onClick={() => decide(IntroVideoStatus.Rejected)}
            >
              {arTutorJourney.onboarding.rejectVideo}
            </Button>
          </div>
        </div>
      ) : (
        <StepFeedback feedback={video.feedback} />
      )}
    </li>
  );
}
