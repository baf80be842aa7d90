import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { adminUserContracts } from "@schema/api/admin-user";
import type { Paged } from "@schema/api/common";
import {
  couponContracts,
  type CouponListSort,
  type CreateCouponBody,
  type UpdateCouponBody,
} from "@schema/api/coupon";
import { demoSessionContracts } from "@schema/api/demo-session";
import { interviewContracts } from "@schema/api/interview";
import { inviteContracts, type CreateInviteBody } from "@schema/api/invite";
import { lessonContracts, type LessonListSort } from "@schema/api/lesson";
import { onboardingContracts, type OnboardingAdminBody } from "@schema/api/onboarding";
import { planContracts, type CreatePlanBody, type UpdatePlanBody } from "@schema/api/plan";
import {
  platformSettingsContracts,
  type BusinessSettings,
  type WithdrawSettings,
} from "@schema/api/platform-settings";
import { subscriptionContracts } from "@schema/api/subscription";
import { topicContracts, type TopicBody } from "@schema/api/topic";
import { transactionContracts } from "@schema/api/transaction";
import { tutorContracts, type FullTutorsSort } from "@schema/api/tutor";
import { userContracts, type RegisterBody } from "@schema/api/user";
import { call } from "../../lib/client";
import { useDebounced } from "./admin-ui";
import { userListQuery, type UserFilters } from "./admin-logic";
import { paymentContracts } from "@schema/api/payment";

export const adminPageSize = 10;

export const adminKeys = {
  users: (filters: UserFilters) => ["admin", "users", filters] as const,
  user: (id: number) => ["admin", "user", id] as const,
  studentStats: (id: number) => ["admin", "student-stats", id] as const,
  subscriptions: (userId: number) => ["admin", "subscriptions", userId] as const,
  transactions: (userId: number) => ["admin", "transactions", userId] as const,
  tutors: (filters: TutorFilters) => ["admin", "tutors", filters] as const,
  onboarding: (tutorId: number) => ["admin", "onboarding", tutorId] as const,
  tutoringMinutes: (tutorId: number) => ["admin", "tutoring-minutes", tutorId] as const,
  plans: ["admin", "plans"] as const,
  topics: (search: string, page: number) => ["admin", "topics", search, page] as const,
  coupons: (filters: CouponFilters) => ["admin", "coupons", filters] as const,
  invites: (page: number) => ["admin", "invites", page] as const,
};

/** GET /user/list */
export function useUsersQuery(filters: UserFilters) {
  return useQuery({
    queryKey: adminKeys.users(filters),
    queryFn: ({ signal }) =>
      call(adminUserContracts.list, { query: userListQuery(filters, adminPageSize), signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /user/ as an admin: the staff account is created; its token is not kept (the admin stays signed in). */
export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => call(userContracts.register, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["admin", "users"] }),
  });
}

export function useUserQuery(id: number) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => call(userContracts.get, { params: { id }, signal }),
  });
}

export function useStudentStatsQuery(id: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.studentStats(id),
    queryFn: ({ signal }) => call(adminUserContracts.studentStats, { params: { id }, signal }),
    enabled,
  });
}

export function useUserSubscriptionsQuery(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.subscriptions(userId),
    queryFn: ({ signal }) => call(subscriptionContracts.list, { query: { user: userId, size: 20 }, signal }),
    enabled,
  });
}

export function useUserTransactionsQuery(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.transactions(userId),
    queryFn: ({ signal }) => call(transactionContracts.list, { query: { userId, size: 20 }, signal }),
    enabled,
  });
}

/** PATCH /sub/cancel?id= (SuperAdmin): refunds the unused part and cancels future lessons. */
export function useCancelSubscription(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(subscriptionContracts.cancel, { query: { id } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.subscriptions(userId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.transactions(userId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.studentStats(userId) });
    },
  });
}

/** POST /fawry/refund (SuperAdmin): what remains of a paid transaction. */
export function useRefund(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { transactionId: number; reason?: string }) => call(paymentContracts.refund, { body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.subscriptions(userId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.transactions(userId) });
    },
  });
}

export type TutorFilters = {
  name: string;
  activated: boolean | null;
  onboarded: boolean | null;
  page: number;
  media?: "missing" | "complete" | null;
  sort?: FullTutorsSort;
};

/** GET /user/tutor/full-tutors */
export function useTutorsQuery(filters: TutorFilters) {
  return useQuery({
    queryKey: adminKeys.tutors(filters),
    queryFn: ({ signal }) =>
      call(tutorContracts.fullTutors, {
        query: {
          page: filters.page,
          size: adminPageSize,
          name: filters.name.trim() || undefined,
          activated: filters.activated === null ? undefined : filters.activated ? "true" : "false",
          onboarded: filters.onboarded === null ? undefined : filters.onboarded ? "true" : "false",
          media: filters.media ?? undefined,
          sort: filters.sort,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A tutors list with its filters: any filter change goes back to page 1; the name is debounced. */
export function useFilteredTutors(initial: Omit<TutorFilters, "page">) {
  const [filters, setFilters] = useState<TutorFilters>({ ...initial, page: 1 });
  const name = useDebounced(filters.name);
  const tutors = useTutorsQuery({ ...filters, name });
  const change = (next: Partial<TutorFilters>) => setFilters((current) => ({ ...current, page: 1, ...next }));
  const setPage = (page: number) => setFilters((current) => ({ ...current, page }));
  return { filters, tutors, change, setPage };
}

export function useOnboardingQuery(tutorId: number, enabled = true) {
  return useQuery({
    queryKey: adminKeys.onboarding(tutorId),
    queryFn: ({ signal }) => call(onboardingContracts.get, { query: { tutorId }, signal }),
    enabled,
  });
}

export function useTutoringMinutesQuery(tutorId: number, enabled = true) {
  return useQuery({
    queryKey: adminKeys.tutoringMinutes(tutorId),
    queryFn: ({ signal }) => call(tutorContracts.tutoringMinutes, { query: { tutorId }, signal }),
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
      void queryClient.invalidateQueries({ queryKey: adminKeys.onboarding(tutorId) });
      void queryClient.invalidateQueries({ queryKey: ["admin", "tutors"] });
      void queryClient.invalidateQueries({ queryKey: ["admin", "users"] });
    },
  });
}

/** GET /plan/list: admins see hidden and invite-only plans too. */
export function useAdminPlansQuery() {
  return useQuery({
    queryKey: adminKeys.plans,
    queryFn: ({ signal }) => call(planContracts.list, { query: { page: 1, size: 100 }, signal }),
  });
}

function useInvalidate(key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: key });
}

export function useSavePlan() {
  const refresh = useInvalidate(adminKeys.plans);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreatePlanBody | UpdatePlanBody }) =>
      id === null
        ? call(planContracts.create, { body: body as CreatePlanBody })
        : call(planContracts.update, { params: { id }, body }),
    onSuccess: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: ["plans"] });
    },
  });
}

export function useDeletePlan() {
  const refresh = useInvalidate(adminKeys.plans);
  return useMutation({
    mutationFn: (id: number) => call(planContracts.remove, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useAdminTopicsQuery(search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.topics(search, page),
    queryFn: ({ signal }) =>
      call(topicContracts.list, {
        query: { search: search.trim() || undefined, page, size: adminPageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveTopic() {
  const refresh = useInvalidate(["admin", "topics"]);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TopicBody }) =>
      id === null
        ? call(topicContracts.create, { body })
        : call(topicContracts.update, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteTopic() {
  const refresh = useInvalidate(["admin", "topics"]);
  return useMutation({
    mutationFn: (id: number) => call(topicContracts.remove, { params: { id } }),
    onSuccess: refresh,
  });
}

export type CouponFilters = { page: number; q: string; sort: CouponListSort };

/** GET /coupon/list: one page of the coupons table, searched by code and in the table's order. */
export function useCouponsQuery(filters: CouponFilters) {
  return useQuery({
    queryKey: adminKeys.coupons(filters),
    queryFn: ({ signal }) =>
      call(couponContracts.list, {
        query: { page: filters.page, size: adminPageSize, q: filters.q || undefined, sort: filters.sort },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveCoupon() {
  const refresh = useInvalidate(["admin", "coupons"]);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateCouponBody | UpdateCouponBody }) =>
      id === null
        ? call(couponContracts.create, { body: body as CreateCouponBody })
        : call(couponContracts.update, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteCoupon() {
  const refresh = useInvalidate(["admin", "coupons"]);
  return useMutation({
    mutationFn: (id: number) => call(couponContracts.remove, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useInvitesQuery(page: number) {
  return useQuery({
    queryKey: adminKeys.invites(page),
    queryFn: ({ signal }) => call(inviteContracts.list, { query: { page, size: adminPageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateInvite() {
  const refresh = useInvalidate(["admin", "invites"]);
  return useMutation({
    mutationFn: (body: CreateInviteBody) => call(inviteContracts.create, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteInvite() {
  const refresh = useInvalidate(["admin", "invites"]);
  return useMutation({
    mutationFn: (id: number) => call(inviteContracts.remove, { params: { id } }),
    onSuccess: refresh,
  });
}

/** DELETE /cache/flush */
export function useFlushCache() {
  return useMutation({ mutationFn: () => call(tutorContracts.flushCache) });
}

/** GET /user/tutor/info/{id} signed in, so staff see tutors that are not listed yet. */
export function useAdminTutorInfoQuery(id: number) {
  return useQuery({
    queryKey: ["admin", "tutor-info", id] as const,
    queryFn: ({ signal }) => call(tutorContracts.info, { params: { id }, signal }),
    retry: false,
  });
}

export type LessonFilters = {
  status: "ratified" | "canceled" | null;
  when: "future" | "past" | "now" | null;
  user: number | null;
  page: number;
  sort?: LessonListSort;
  q?: string;
};

/** GET /lesson/list/ as an admin: everyone's lessons (scope=all), or one member's. */
export function useAdminLessonsQuery(filters: LessonFilters) {
  return useQuery({
    queryKey: ["admin", "lessons", filters] as const,
    queryFn: ({ signal }) =>
      call(lessonContracts.list, {
        query: {
          page: filters.page,
          size: adminPageSize,
          status: filters.status ?? undefined,
          when: filters.when ?? undefined,
          user: filters.user ?? undefined,
          // Everyone's lessons are asked for explicitly (without it the API answers the caller's own).
          scope: filters.user === null ? "all" : undefined,
          sort: filters.sort,
          q: filters.q || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** DELETE /lesson/{id} by an admin. */
export function useAdminCancelLesson() {
  const refresh = useInvalidate(["admin", "lessons"]);
  return useMutation({
    mutationFn: (id: number) => call(lessonContracts.cancel, { params: { id } }),
    onSettled: refresh,
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

export function usePlatformSettingsQuery() {
  return useQuery({
    queryKey: ["admin", "platform-settings"] as const,
    queryFn: ({ signal }) => call(platformSettingsContracts.get, { signal }),
  });
}

/** PUT /platform-settings/withdrawals (SuperAdmin). */
export function useSaveWithdrawSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawSettings) => call(platformSettingsContracts.withdrawals, { body }),
    onSuccess: (view) => queryClient.setQueryData(["admin", "platform-settings"], view),
  });
}

/** PUT /platform-settings/business (SuperAdmin); the SPA's own config (prices, trial, window) is read again. */
export function useSaveBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessSettings) => call(platformSettingsContracts.business, { body }),
    onSuccess: (view) => {
      queryClient.setQueryData(["admin", "platform-settings"], view);
      void queryClient.invalidateQueries({ queryKey: ["config"] });
    },
  });
}

/** GET /user/tutor/stats/{id} signed in (unlisted tutors too). */
export function useAdminTutorStatsQuery(id: number) {
  return useQuery({
    queryKey: ["admin", "tutor-stats", id] as const,
    queryFn: ({ signal }) => call(tutorContracts.stats, { params: { id }, signal }),
    retry: false,
  });
}
