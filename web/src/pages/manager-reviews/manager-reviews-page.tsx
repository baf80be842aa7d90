import { useState } from "react";
import { Link } from "react-router-dom";
import { IntroVideoStatus } from "@schema/enums";
import { statusTone } from "../../features/onboarding/meeting-details";
import { Pager } from "../../features/onboarding/pager";
import {
  useDemosQuery,
  useInterviewsQuery,
  useIntroVideosQuery,
} from "../../features/onboarding/use-onboarding";
import { VideoReview } from "../../features/onboarding/video-review";
import { errorMessage } from "../../i18n/ar-EG";
import { arManager } from "../../i18n/ar-EG-manager";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { Badge, Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { RadioGroup } from "../../ui/radio-group";
import { Spinner } from "../../ui/spinner";
import { Tabs } from "../../ui/tabs";

const pageSize = 20;

/** /interviews — the tutor manager's interviews, intro-video reviews and demo sessions. */
export function ManagerReviewsPage() {
  const text = arTutorJourney.onboarding;
  return (
    <PageFrame title={text.managerTitle} subtitle={arManager.reviews.subtitle} width="wide">
      <Tabs
        label={text.managerTabs}
        tabs={[
          { id: "interviews", label: text.myInterviews, content: <InterviewList /> },
          { id: "videos", label: text.myVideos, content: <VideoList /> },
          { id: "demos", label: arManager.reviews.demosTab, content: <DemoList /> },
        ]}
      />
    </PageFrame>
  );
}

type MeetingRow = {
  id: number;
  to: string;
  name: string | null;
  start: string;
  status: string;
  tone: ReturnType<typeof statusTone>;
};

function MeetingList({ rows, empty }: { rows: MeetingRow[]; empty: string }) {
  if (rows.length === 0) return <p className="text-slate-600">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {rows.map((row) => (
        <li key={row.id}>
          <Link
            to={row.to}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-3 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-600"
          >
            <span className="flex flex-col">
              <bdi className="font-medium text-slate-900">{row.name ?? arTutorJourney.onboarding.noName}</bdi>
              <span className="text-sm text-slate-600">{formatDateTime(row.start)}</span>
            </span>
            <Badge tone={row.tone}>{row.status}</Badge>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Loading({ query }: { query: { isPending: boolean; isError: boolean; error: unknown } }) {
  if (query.isPending) return <Spinner />;
  if (query.isError) return <Notice tone="error">{errorMessage(errorCodeOf(query.error))}</Notice>;
  return null;
}

function InterviewList() {
  const [page, setPage] = useState(1);
  const query = useInterviewsQuery(page);
  if (!query.data) return <Loading query={query} />;
  const rows = query.data.list.map((interview) => ({
    id: interview.id,
    to: `/interview/${interview.id}`,
    name: interview.intervieweeName,
    start: interview.start,
    status: arTutorJourney.onboarding.interviewStatuses[interview.status],
    tone: statusTone(interview.status),
  }));
  return (
    <div className="flex flex-col gap-3 pt-4">
      <MeetingList rows={rows} empty={arTutorJourney.onboarding.emptyInterviews} />
      <Pager page={page} total={query.data.total} size={pageSize} onPage={setPage} />
    </div>
  );
}

function DemoList() {
  const [page, setPage] = useState(1);
  const query = useDemosQuery(page);
  if (!query.data) return <Loading query={query} />;
  const rows = query.data.list.map((demo) => ({
    id: demo.id,
    to: `/demo-session/${demo.id}`,
    name: demo.tutorName,
    start: demo.start,
    status: arTutorJourney.onboarding.demoStatuses[demo.status],
    tone: statusTone(demo.status),
  }));
  return (
    <div className="flex flex-col gap-3 pt-4">
      <MeetingList rows={rows} empty={arManager.reviews.emptyDemos} />
      <Pager page={page} total={query.data.total} size={pageSize} onPage={setPage} />
    </div>
  );
}

function VideoList() {
  const [filter, setFilter] = useState<"pending" | "all">("pending");
  const [page, setPage] = useState(1);
  const query = useIntroVideosQuery(filter === "pending" ? IntroVideoStatus.Pending : undefined, page);
  return (
    <div className="flex flex-col gap-3 pt-4">
      <RadioGroup
        legend={arTutorJourney.onboarding.videoFilter}
        name="video-filter"
        value={filter}
        onChange={(value) => {
          setFilter(value as "pending" | "all");
          setPage(1);
        }}
        options={[
          { value: "pending", label: arTutorJourney.onboarding.videoFilters.pending },
          { value: "all", label: arTutorJourney.onboarding.videoFilters.all },
        ]}
      />
      {query.data ? (
        query.data.list.length === 0 ? (
          <p className="text-slate-600">{arTutorJourney.onboarding.emptyVideos}</p>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {query.data.list.map((video) => (
                <VideoReview key={video.id} video={video} />
              ))}
            </ul>
            <Pager page={page} total={query.data.total} size={pageSize} onPage={setPage} />
          </>
        )
      ) : (
        <Loading query={query} />
      )}
    </div>
  );
}
