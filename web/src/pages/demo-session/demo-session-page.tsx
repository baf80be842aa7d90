import { useParams } from "react-router-dom";
import { ReviewStatus, Role } from "@schema/enums";
import { DecisionForm } from "../../features/onboarding/decision-form";
import { BackToList, MeetingDetails, statusTone } from "../../features/onboarding/meeting-details";
import { MeetingChat } from "../../features/onboarding/meeting-chat";
import { useDemoQuery, usePatchDemo } from "../../features/onboarding/use-onboarding";
import { MeetingRoom } from "../../features/live-session/live-room";
import { errorMessage } from "../../i18n/ar-EG";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf } from "../../lib/api-error";
import { useSession } from "../../lib/session";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { toasts } from "../../ui/toast-store";

/** /demo-session/:id — the manager decides; the tutor sees the status and feedback. */
export function DemoSessionPage() {
  const id = Number(useParams().id);
  const { user } = useSession();
  const demo = useDemoQuery(id);
  const patch = usePatchDemo();
  const isTutor = user?.role === Role.Tutor;

  const content = (
    <>
      <BackToList toOnboarding={isTutor} />
      {demo.isPending && <Spinner size="lg" />}
      {demo.isError && <Notice tone="error">{errorMessage(errorCodeOf(demo.error))}</Notice>}
      {demo.data && (
        <MeetingDetails
          meeting={{
            tutorName: demo.data.tutorName,
            managerName: demo.data.tutorManagerName,
            start: demo.data.start,
            end: demo.data.end,
            statusLabel: arTutorJourney.onboarding.demoStatuses[demo.data.status],
            statusTone: statusTone(demo.data.status),
            feedback: demo.data.feedback,
            note: demo.data.note,
            level: null,
          }}
        >
          <MeetingChat
            selfId={user?.id}
            tutor={{ id: demo.data.tutorId, name: demo.data.tutorName }}
            manager={{ id: demo.data.tutorManagerId, name: demo.data.tutorManagerName }}
          />
          {!isTutor && demo.data.status === ReviewStatus.Pending && user?.id !== demo.data.tutorId && (
            <Card title={arTutorJourney.onboarding.decisionTitle}>
              <DecisionForm
                withLevel={false}
                submitting={patch.isPending}
                onSubmit={(decision, onError) =>
                  patch.mutate(
                    {
                      id,
                      status: decision.passed ? ReviewStatus.Passed : ReviewStatus.Rejected,
                      feedback: decision.feedback,
                      note: decision.note,
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
    <MeetingRoom title={arTutorJourney.onboarding.demoTitle} sessionId={`demo:${id}`} selfId={user?.id ?? 0}>
      {content}
    </MeetingRoom>
  );
}
