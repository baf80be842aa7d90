import { useParams } from "react-router-dom";
import { InterviewStatus, Role } from "@schema/enums";
import { DecisionForm } from "../../features/onboarding/decision-form";
import { MeetingChat } from "../../features/onboarding/meeting-chat";
import { BackToList, MeetingDetails, statusTone } from "../../features/onboarding/meeting-details";
import { useInterviewQuery, usePatchInterview } from "../../features/onboarding/use-onboarding";
import { MeetingRoom } from "../../features/live-session/live-room";
import { errorMessage } from "../../i18n/ar-EG";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf } from "../../lib/api-error";
import { useSession } from "../../lib/session";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { toasts } from "../../ui/toast-store";

/** /interview/:id — the manager decides; the tutor sees the status and feedback. */
export function InterviewPage() {
  const id = Number(useParams().id);
  const { user } = useSession();
  const interview = useInterviewQuery(id);
  const patch = usePatchInterview();
  const isTutor = user?.role === Role.Tutor;

  const content = (
    <>
      <BackToList toOnboarding={isTutor} />
      {interview.isPending && <Spinner size="lg" />}
      {interview.isError && <Notice tone="error">{errorMessage(errorCodeOf(interview.error))}</Notice>}
      {interview.data === null && <Notice tone="warning">{arTutorJourney.onboarding.notFound}</Notice>}
      {interview.data && (
        <MeetingDetails
          meeting={{
            tutorName: interview.data.intervieweeName,
            managerName: interview.data.interviewerName,
            start: interview.data.start,
            end: interview.data.end,
            statusLabel: arTutorJourney.onboarding.interviewStatuses[interview.data.status],
            statusTone: statusTone(interview.data.status),
            feedback: interview.data.feedback,
            note: interview.data.note,
            level: isTutor ? null : interview.data.level,
          }}
        >
          <MeetingChat
            selfId={user?.id}
            tutor={{ id: interview.data.intervieweeId, name: interview.data.intervieweeName }}
            manager={{ id: interview.data.interviewerId, name: interview.data.interviewerName }}
          />
          {!isTutor &&
            interview.data.status === InterviewStatus.Pending &&
            user?.id !== interview.data.intervieweeId && (
              <Card title={arTutorJourney.onboarding.decisionTitle}>
                <DecisionForm
                  withLevel
                  submitting={patch.isPending}
                  onSubmit={(decision, onError) =>
                    patch.mutate(
                      {
                        id,
                        status: decision.passed ? InterviewStatus.Passed : InterviewStatus.Rejected,
                        feedback: decision.feedback,
                        note: decision.note,
                        level: decision.level,
                      },
                      {
                        onSuccess: () =>
                          toasts.show({
                            id: "decision",
                            type: "success",
                            title: arTutorJourney.onboarding.decided,
                          }),
                        onError,
                      },
                    )
                  }
                />
              </Card>
            )}
        </MeetingDetails>
      )}
    </>
  );
  return (
    <MeetingRoom
      title={arTutorJourney.onboarding.interviewTitle}
      sessionId={`interview:${id}`}
      selfId={user?.id ?? 0}
    >
      {content}
    </MeetingRoom>
  );
}
