import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Paged } from "@schema/api/common";
import type { DemoPatchBody, DemoSessionView } from "@schema/api/demo-session";
import type { InterviewPatchBody, InterviewView, ManagerProposal } from "@schema/api/interview";
import type { IntroVideoReviewBody, IntroVideoView } from "@schema/api/intro-video";
import type { Onboarding } from "@schema/api/onboarding";
import { api } from "../../lib/api";

export type BookingKind = "interview" | "demo";

export const onboardingKeys = {
  all: ["onboarding"] as const,
  mine: ["onboarding", "mine"] as const,
  proposal: (kind: BookingKind) => ["onboarding", "proposal", kind] as const,
  interviews: (page: number) => ["onboarding", "interviews", page] as const,
  interview: (id: number) => ["onboarding", "interview", id] as const,
  demos: (page: number) => ["onboarding", "demos", page] as const,
  demo: (id: number) => ["onboarding", "demo", id] as const,
  videos: (status: number | undefined, page: number) => ["onboarding", "videos", status ?? "all", page] as const,
};

/** GET /onboarding — the caller's five steps. */
export function useOnboardingQuery() {
  return useQuery({ queryKey: onboardingKeys.mine, queryFn: ({ signal }) => api.get<Onboarding>("/onboarding", { signal }) });
}

function useInvalidateOnboarding() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
}

/** POST /onboarding/support-group */
export function useJoinSupportGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Onboarding>("/onboarding/support-group"),
    onSuccess: (onboarding) => queryClient.setQueryData(onboardingKeys.mine, onboarding),
  });
}

/** GET /interview/select or /demo-session/select — the proposed manager and free 30-minute starts. */
export function useProposalQuery(kind: BookingKind, enabled: boolean) {
  return useQuery({
    queryKey: onboardingKeys.proposal(kind),
    queryFn: ({ signal }) => api.get<ManagerProposal>(kind === "interview" ? "/interview/select" : "/demo-session/select", { signal }),
    enabled,
  });
}

/** POST /interview or /demo-session */
export function useBook(kind: BookingKind) {
  const invalidate = useInvalidateOnboarding();
  return useMutation({
    mutationFn: ({ managerId, start }: { managerId: number; start: string }): Promise<InterviewView | DemoSessionView> =>
      kind === "interview"
        ? api.post<InterviewView>("/interview", { interviewerId: managerId, start })
        : api.post<DemoSessionView>("/demo-session", { tutorManagerId: managerId, start }),
    onSettled: invalidate,
  });
}

/** PATCH /interview — decide or cancel. */
export function usePatchInterview() {
  const invalidate = useInvalidateOnboarding();
  return useMutation({ mutationFn: (body: InterviewPatchBody) => api.patch<InterviewView>("/interview", body), onSettled: invalidate });
}

/** PATCH /demo-session/:id — decide or cancel. */
export function usePatchDemo() {
  const invalidate = useInvalidateOnboarding();
  return useMutation({
    mutationFn: ({ id, ...body }: DemoPatchBody & { id: number }) => api.patch<DemoSessionView>(`/demo-session/${id}`, body),
    onSettled: invalidate,
  });
}

const listSize = 20;

/** GET /interview/list/ — interviews as interviewee or interviewer, newest first. */
export function useInterviewsQuery(page: number) {
  return useQuery({
    queryKey: onboardingKeys.interviews(page),
    queryFn: ({ signal }) => api.get<Paged<InterviewView>>("/interview/list/", { query: { page, size: listSize }, signal }),
  });
}

/** There is no GET /interview/:id: the interview is found in the caller's list. */
export function useInterviewQuery(id: number) {
  return useQuery({
    queryKey: onboardingKeys.interview(id),
    queryFn: async ({ signal }) => {
      for (let page = 1, seen = 0; ; page++) {
        const answer = await api.get<Paged<InterviewView>>("/interview/list/", { query: { page, size: 100 }, signal });
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
    queryFn: ({ signal }) => api.get<Paged<DemoSessionView>>("/demo-session/list", { query: { page, size: listSize }, signal }),
  });
}

/** GET /demo-session/:id */
export function useDemoQuery(id: number) {
  return useQuery({ queryKey: onboardingKeys.demo(id), queryFn: ({ signal }) => api.get<DemoSessionView>(`/demo-session/${id}`, { signal }) });
}

/** GET /intro-video/list — the tutor's own, or a manager's assigned reviews. */
export function useIntroVideosQuery(status: number | undefined, page = 1) {
  return useQuery({
    queryKey: onboardingKeys.videos(status, page),
    queryFn: ({ signal }) => api.get<Paged<IntroVideoView>>("/intro-video/list", { query: { status, page, size: listSize }, signal }),
  });
}

/** PUT /intro-video/:id — approve or reject. */
export function useReviewIntroVideo() {
  const invalidate = useInvalidateOnboarding();
  return useMutation({
    mutationFn: ({ id, ...body }: IntroVideoReviewBody & { id: number }) => api.put<IntroVideoView>(`/intro-video/${id}`, body),
    onSettled: invalidate,
  });
}

export { useInvalidateOnboarding };
