import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { demoSessionContracts, type DemoPatchBody, type DemoSessionView } from "@schema/api/demo-session";
import { interviewContracts, type InterviewPatchBody, type InterviewView } from "@schema/api/interview";
import { introVideoContracts, type IntroVideoReviewBody } from "@schema/api/intro-video";
import { onboardingContracts } from "@schema/api/onboarding";
import { call } from "../../lib/client";

export type BookingKind = "interview" | "demo";

export const onboardingKeys = {
  all: ["onboarding"] as const,
  mine: ["onboarding", "mine"] as const,
  proposal: (kind: BookingKind) => ["onboarding", "proposal", kind] as const,
  interviews: (page: number) => ["onboarding", "interviews", page] as const,
  interview: (id: number) => ["onboarding", "interview", id] as const,
  demos: (page: number) => ["onboarding", "demos", page] as const,
  demo: (id: number) => ["onboarding", "demo", id] as const,
  videos: (status: number | undefined, page: number) =>
    ["onboarding", "videos", status ?? "all", page] as const,
};

/** GET /onboarding — the caller's five steps. */
export function useOnboardingQuery() {
  return useQuery({
    queryKey: onboardingKeys.mine,
    queryFn: ({ signal }) => call(onboardingContracts.get, { signal }),
  });
}

function useInvalidateOnboarding() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
}

/** POST /onboarding/support-group */
export function useJoinSupportGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(onboardingContracts.joinSupportGroup),
    onSuccess: (onboarding) => queryClient.setQueryData(onboardingKeys.mine, onboarding),
  });
}

/** GET /interview/select or /demo-session/select — the proposed manager and free 30-minute starts. */
export function useProposalQuery(kind: BookingKind, enabled: boolean) {
  return useQuery({
    queryKey: onboardingKeys.proposal(kind),
    queryFn: ({ signal }) =>
      call(kind === "interview" ? interviewContracts.proposeManager : demoSessionContracts.proposeManager, {
        signal,
      }),
    enabled,
  });
}

/** POST /interview or /demo-session */
export function useBook(kind: BookingKind) {
  const invalidate = useInvalidateOnboarding();
  return useMutation({
    mutationFn: ({
      managerId,
      start,
    }: {
      managerId: number;
      start: string;
    }): Promise<InterviewView | DemoSessionView> =>
      kind === "interview"
        ? call(interviewContracts.book, { body: { interviewerId: managerId, start } })
        : call(demoSessionContracts.book, { body: { tutorManagerId: managerId, start } }),
    onSettled: invalidate,
  });
}

/** PATCH /interview — decide or cancel. */
export function usePatchInterview() {
  const invalidate = useInvalidateOnboarding();
  return useMutation({
    mutationFn: (body: InterviewPatchBody) => call(interviewContracts.update, { body }),
    onSettled: invalidate,
  });
}

/** PATCH /demo-session/:id — decide or cancel. */
export function usePatchDemo() {
  const invalidate = useInvalidateOnboarding();
  return useMutation({
    mutationFn: ({ id, ...body }: DemoPatchBody & { id: number }) =>
      call(demoSessionContracts.update, { params: { id }, body }),
    onSettled: invalidate,
  });
}

const listSize = 20;

/** GET /interview/list/ — interviews as interviewee or interviewer, newest first. */
export function useInterviewsQuery(page: number) {
  return useQuery({
    queryKey: onboardingKeys.interviews(page),
    queryFn: ({ signal }) => call(interviewContracts.list, { query: { page, size: listSize }, signal }),
  });
}

/** There is no GET /interview/:id: the interview is found in the caller's list. */
export function useInterviewQuery(id: number) {
  return useQuery({
    queryKey: onboardingKeys.interview(id),
    queryFn: async ({ signal }) => {
      for (let page = 1, seen = 0; ; page++) {
        const answer = await call(interviewContracts.list, { query: { page, size: 100 }, signal });
        const found = answer.list.find((interview) => interview.id === id);
        if (found) return found;
        seen += answer.list.length;
        if (answer.list.length < 100 || seen >= answer.total) return null;
      }
    },
  });
}

/** GET /demo-session/list */
export function useDemosQuery(page: number) {
  return useQuery({
    queryKey: onboardingKeys.demos(page),
    queryFn: ({ signal }) => call(demoSessionContracts.list, { query: { page, size: listSize }, signal }),
  });
}

/** GET /demo-session/:id */
export function useDemoQuery(id: number) {
  return useQuery({
    queryKey: onboardingKeys.demo(id),
    queryFn: ({ signal }) => call(demoSessionContracts.get, { params: { id }, signal }),
  });
}

/** GET /intro-video/list — the tutor's own, or a manager's assigned reviews. */
export function useIntroVideosQuery(status: number | undefined, page = 1) {
  return useQuery({
    queryKey: onboardingKeys.videos(status, page),
    queryFn: ({ signal }) =>
      call(introVideoContracts.list, { query: { status, page, size: listSize }, signal }),
  });
}

/** PUT /intro-video/:id — approve or reject. */
export function useReviewIntroVideo() {
  const invalidate = useInvalidateOnboarding();
  return useMutation({
    mutationFn: ({ id, ...body }: IntroVideoReviewBody & { id: number }) =>
      call(introVideoContracts.review, { params: { id }, body }),
    onSettled: invalidate,
  });
}

export { useInvalidateOnboarding };
