import type { Onboarding } from "@schema/api/onboarding";
import { errorMessage } from "../../i18n/ar-EG";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf } from "../../lib/api-error";
import { Button, buttonClasses } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { useJoinSupportGroup } from "./use-onboarding";

/** Step 1: the group link (when an admin set it), then "I joined". */
export function SupportGroupStep({ supportGroup }: { supportGroup: Onboarding["supportGroup"] }) {
  const join = useJoinSupportGroup();
  if (supportGroup.joined) return <p className="text-slate-700">{arTutorJourney.onboarding.joinedDone}</p>;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">{arTutorJourney.onboarding.supportGroupBody}</p>
      <div className="flex flex-wrap gap-2">
        {/* The group is a platform setting: while it is unset there is no link to show (no dead link). */}
        {supportGroup.link && (
          <a href={supportGroup.link} target="_blank" rel="noreferrer" className={buttonClasses("secondary")}>
            {arTutorJourney.onboarding.openGroup}
          </a>
        )}
        <Button loading={join.isPending} onClick={() => join.mutate()}>
          {arTutorJourney.onboarding.joined}
        </Button>
      </div>
      {join.isError && <Notice tone="error">{errorMessage(errorCodeOf(join.error))}</Notice>}
    </div>
  );
}
