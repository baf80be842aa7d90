import { htmlToText } from "@schema/html";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";

/** The reviewer's feedback as the tutor reads it (plain text, mixed direction). */
export function StepFeedback({ feedback }: { feedback: string | null }) {
  if (!feedback) return null;
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <p className="text-sm font-medium text-slate-800">{arTutorJourney.onboarding.feedback}</p>
      <p dir="auto" className="whitespace-pre-line text-slate-700">
        {htmlToText(feedback)}
      </p>
    </div>
  );
}
