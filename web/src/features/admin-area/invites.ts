// The admin invites area: the invites list, created and deleted.
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { inviteContracts, type CreateInviteBody } from "@schema/api/invite";
import { call } from "../../lib/client";
import { adminPageSize, useInvalidate } from "./admin-ui";

export function useInvitesQuery(page: number) {
  return useQuery({
    queryKey: ["admin", "invites", page] as const,
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
