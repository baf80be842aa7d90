import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { formatDateTime, formatNumber, formatTime } from "../../lib/format";
import { Card } from "../../ui/card";
import { Badge } from "../../ui/notice";
import { StepFeedback } from "./step-feedback";
import { htmlToText } from "@schema/html";

export type Meeting = {
  tutorName: string | null;
  managerName: string | null;
  start: string;
  end: string;
  statusLabel: string;
  statusTone: "info" | "success" | "error" | "neutral";
  feedback: string | null;
  note: string | null;
  level: number | null;
};

/** An interview's or demo session's who, when, state and result. */
export function MeetingDetails({ meeting, children }: { meeting: Meeting; children?: ReactNode }) {
  const text = arTutorJourney.onboarding;
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Row label={text.tutor}>
            <bdi>{meeting.tutorName ?? text.noName}</bdi>
          </Row>
          <Row label={text.manager}>
            <bdi>{meeting.managerName ?? text.noName}</bdi>
          </Row>
          <Row label={text.time}>
            {formatDateTime(meeting.start)} – {formatTime(meeting.end)}
          </Row>
          <Row label={text.status}>
            <Badge tone={meeting.statusTone}>{meeting.statusLabel}</Badge>
          </Row>
          {meeting.level !== null && <Row label={text.level}>{formatNumber(meeting.level)}</Row>}
        </dl>
        {(meeting.feedback || meeting.note) && (
          <div className="mt-4 flex flex-col gap-3">
            <StepFeedback feedback={meeting.feedback} />
            {meeting.note && (
              <div className="rounded-lg bg-amber-50 p-3">
                <p className="text-sm font-medium text-slate-800">{text.note}</p>
                <p dir="auto" className="whitespace-pre-line text-slate-700">
                  {htmlToText(meeting.note)}
                </p>
              </div>
            )}
          </div>
        )}
      </Card>
      {children}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export function BackToList({ toOnboarding }: { toOnboarding: boolean }) {
  return (
    <Link
      to={toOnboarding ? "/t/onboarding" : "/interviews"}
      className="self-start font-medium text-brand-800 underline"
    >
      {toOnboarding ? arTutorJourney.onboarding.openOnboarding : arTutorJourney.onboarding.backToList}
    </Link>
  );
}

/** Badge colour of a status: 1 pending, 2 passed, 3 rejected, others canceled. */
export function statusTone(status: number): Meeting["statusTone"] {
  if (status === 1) return "info";
  if (status === 2) return "success";
  if (status === 3) return "error";
  return "neutral";
}
