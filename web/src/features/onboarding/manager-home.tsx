// The tutor manager's home (/t/dashboard for a TutorManager, where they land after signing in):
// the interviews and demo sessions waiting for their decision (booked and over), and today's,
// instead of a tutor's earnings dashboard. Two paged lists of their booked appointments (at most
// 100 each, newest first) are all it reads.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { demoSessionContracts } from "@schema/api/demo-session";
import { interviewContracts } from "@schema/api/interview";
import { InterviewStatus, ReviewStatus } from "@schema/enums";
import { errorMessage } from "../../i18n/ar-EG";
import { arManager } from "../../i18n/ar-EG-manager";
import { errorCodeOf } from "../../lib/api-error";
import { call } from "../../lib/client";
import { formatDateTime, formatTime, viewerDayKey } from "../../lib/format";
import { buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Spinner } from "../../ui/spinner";

const t = arManager.home;

/** A booked interview or demo session of the manager's. */
export type Appointment = {
  kind: "interview" | "demo";
  id: number;
  name: string | null;
  start: string;
  end: string;
};

/** The appointments over and not decided yet (oldest first), and today's still to come (soonest first). */
export function splitAppointments(list: Appointment[], now = new Date()) {
  const at = now.toISOString();
  const today = viewerDayKey(now);
  const byStart = [...list].sort((a, b) => a.start.localeCompare(b.start));
  return {
    toDecide: byStart.filter((item) => item.end <= at),
    today: byStart.filter((item) => item.end > at && viewerDayKey(item.start) === today),
  };
}

function useBookedAppointments() {
  return useQuery({
    queryKey: ["onboarding", "manager-home"] as const,
    queryFn: async ({ signal }): Promise<Appointment[]> => {
      const [interviews, demos] = await Promise.all([
        call(interviewContracts.list, {
          query: { page: 1, size: 100, status: InterviewStatus.Pending },
          signal,
        }),
        call(demoSessionContracts.list, {
          query: { page: 1, size: 100, status: ReviewStatus.Pending },
          signal,
        }),
      ]);
      return [
        ...interviews.list.map((row) => ({
          kind: "interview" as const,
          id: row.id,
          name: row.intervieweeName,
          start: row.start,
          end: row.end,
        })),
        ...demos.list.map((row) => ({
          kind: "demo" as const,
          id: row.id,
          name: row.tutorName,
          start: row.start,
          end: row.end,
        })),
      ];
    },
  });
}

/** The tutor manager's home: what waits for their decision, then today's appointments. */
export function ManagerHome() {
  const appointments = useBookedAppointments();
  return (
    <PageFrame title={t.title} subtitle={t.subtitle} width="wide">
      {appointments.isPending ? (
        <Spinner />
      ) : appointments.isError ? (
        <Notice tone="error">{errorMessage(errorCodeOf(appointments.error))}</Notice>
      ) : (
        <Lists appointments={appointments.data} />
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/interviews" className={buttonClasses("primary", "md")}>
          {t.allReviews}
        </Link>
        <Link to="/schedule-management" className={buttonClasses("secondary", "md")}>
          {t.schedule}
        </Link>
      </div>
    </PageFrame>
  );
}

function Lists({ appointments }: { appointments: Appointment[] }) {
  const { toDecide, today } = splitAppointments(appointments);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card title={t.toDecide} data-testid="manager-to-decide">
        <p className="mb-3 text-sm text-slate-600">{t.toDecideHint}</p>
        <AppointmentList
          items={toDecide}
          empty={t.toDecideEmpty}
          when={(item) => formatDateTime(item.start)}
        />
      </Card>
      <Card title={t.today} data-testid="manager-today">
        <AppointmentList items={today} empty={t.todayEmpty} when={(item) => formatTime(item.start)} />
      </Card>
    </div>
  );
}

function AppointmentList({
  items,
  empty,
  when,
}: {
  items: Appointment[];
  empty: string;
  when: (item: Appointment) => string;
}) {
  if (items.length === 0) return <p className="text-slate-700">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => (
        <li key={`${item.kind}-${item.id}`}>
          <Link
            to={item.kind === "interview" ? `/interview/${item.id}` : `/demo-session/${item.id}`}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-3 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-600"
          >
            <span className="font-medium text-slate-900">
              {t.withWhom(item.kind === "interview" ? t.interview : t.demo)}
              <bdi>{item.name ?? t.noName}</bdi>
            </span>
            <span className="text-sm text-slate-700">{when(item)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
