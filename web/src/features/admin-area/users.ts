// The admin users area: the users list, one user, their student numbers, and new staff accounts.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminUserContracts } from "@schema/api/admin-user";
import { userContracts, type RegisterBody } from "@schema/api/user";
import { call } from "../../lib/client";
import { adminPageSize } from "./admin-ui";
import { userListQuery, type UserFilters } from "./admin-logic";

export const adminUserKeys = {
  users: (filters: UserFilters) => ["admin", "users", filters] as const,
  user: (id: number) => ["admin", "user", id] as const,
  studentStats: (id: number) => ["admin", "student-stats", id] as const,
};

/** GET /user/list */
export function useUsersQuery(filters: UserFilters) {
  return useQuery({
    queryKey: adminUserKeys.users(filters),
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
    queryKey: adminUserKeys.user(id),
    queryFn: ({ signal }) => call(userContracts.get, { params: { id }, signal }),
  });
}

export function useStudentStatsQuery(id: number, enabled: boolean) {
  return useQuery({
    queryKey: adminUserKeys.studentStats(id),
    queryFn: ({ signal }) => call(adminUserContracts.studentStats, { params: { id }, signal }),
    enabled,
  });
}
