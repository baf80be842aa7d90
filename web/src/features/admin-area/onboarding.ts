// The admin side of onboarding: a tutor's onboarding state and activation, and the interviews and demo
// sessions lists (both in one shape) with the managers they filter by.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Paged } from "@schema/api/common";
import { demoSessionContracts } from "@schema/api/demo-session";
import { interviewContracts } from "@schema/api/interview";
import { onboardingContracts, type OnboardingAdminBody } from "@schema/api/onboarding";
import { tutorContracts } from "@schema/api/tutor";
import { call } from "../../lib/client";
import { adminPageSize } from "./admin-ui";

const onboardingKey = (tutorId: number) => ["admin", "onboarding", tutorId] as const;

export function useOnboardingQuery(tutorId: number, enabled = true) {
  return useQuery({
    queryKey: onboardingKey(tutorId),
    queryFn: ({ signal }) => call(onboardingContracts.get, { query: { tutorId }, signal }),
    enabled,
  });
}

/** PATCH /onboarding/{id}: activate, deactivate or bypass onboarding. */
export function useSetTutorActivation(tutorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingAdminBody) =>
      call(onboardingContracts.update, { params: { id: tutorId }, body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: onboardingKey(tutorId) });
      void queryClient.invalidateQueries({ queryKey: ["admin", "tutors"] });
      void queryClient.invalidateQueries({ queryKey: ["admin", "users"] });
    },
  });
}

/** An interview or a demo session, as the admin list shows both. */
export type Appointment = {
  id: number;
  tutorId: number;
  tutorName: string | null;
  managerName: string | null;
  start: string;
  status: number;
  feedback: string | null;
  note: string | null;
  level: number | null;
};

export type AppointmentFilters = { status: number | null; manager: number | null; page: number };

const appointmentQuery = ({ status, manager, page }: AppointmentFilters) => ({
  page,
  size: adminPageSize,
  status: status ?? undefined,
  manager: manager ?? undefined,
});

/** GET /user/interviewer/select — the activated tutor managers (the lists' manager filter). */
export function useManagersQuery() {
  return useQuery({
    queryKey: ["admin", "managers"] as const,
    queryFn: ({ signal }) => call(tutorContracts.interviewers, { query: { page: 1, size: 100 }, signal }),
  });
}

export function useAdminInterviewsQuery(filters: AppointmentFilters) {
  return useQuery({
    queryKey: ["admin", "interviews", filters] as const,
    queryFn: ({ signal }) => call(interviewContracts.list, { query: appointmentQuery(filters), signal }),
    select: (data): Paged<Appointment> => ({
      total: data.total,
      list: data.list.map((item) => ({
        id: item.id,
        tutorId: item.intervieweeId,
        tutorName: item.intervieweeName,
        managerName: item.interviewerName,
        start: item.start,
        status: item.status,
        feedback: item.feedback,
        note: item.note,
        level: item.level,
      })),
    }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminDemoSessionsQuery(filters: AppointmentFilters) {
  return useQuery({
    queryKey: ["admin", "demo-sessions", filters] as const,
    queryFn: ({ signal }) => call(demoSessionContracts.list, { query: appointmentQuery(filters), signal }),
    select: (data): Paged<Appointment> => ({
      total: data.total,
      list: data.list.map((item) => ({
        id: item.id,
        tutorId: item.tutorId,
        tutorName: item.tutorName,
        managerName: item.tutorManagerName,
        start: item.start,
        status: item.status,
        feedback: item.feedback,
        note: item.note,
        level: null,
      })),
    }),
    placeholderData: keepPreviousData,
  });
}
