import { useMutation, useQueryClient } from "@tanstack/react-query";
import { tutorContracts, type TutorProfile, type TutorProfileBody } from "@schema/api/tutor";
import { userContracts, type UpdateUserBody, type UserView } from "@schema/api/user";
import { ApiError, isApiError } from "../../lib/api-error";
import { session } from "../../lib/session";
import { currentUserKey, tutorMetaKey } from "../user/use-current-user";
import { call } from "../../lib/client";

export type CompleteTutorProfileBody = { account: UpdateUserBody; profile: TutorProfileBody };

/**
 * One failure out of both saves: the first failure's code, with the field codes of both, so the
 * form shows every field the server refused at once.
 */
export function mergeFailures(failures: readonly unknown[]): unknown {
  const apiErrors = failures.filter(isApiError);
  const first = apiErrors[0];
  if (!first || apiErrors.length !== failures.length) return failures[0];
  const fields = Object.assign({}, ...apiErrors.map((error) => error.fields)) as Record<string, string>;
  return new ApiError(first.code, first.status, first.message, fields);
}

/** PUT /user/{id} (account fields) and PUT /user/tutor/profile (bio, about) side by side. */
export function useCompleteTutorProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ account, profile }: CompleteTutorProfileBody) => {
      const [savedUser, savedProfile] = await Promise.allSettled([
        call(userContracts.update, { params: { id: userId }, body: account }),
        call(tutorContracts.updateProfile, { body: profile }),
      ]);
      if (savedUser.status === "fulfilled") {
        session.setUser(savedUser.value);
        queryClient.setQueryData(currentUserKey, savedUser.value);
      }
      if (savedProfile.status === "fulfilled") {
        const { tutorMeta } = session.getState();
        if (tutorMeta)
          session.setTutorMeta({
            ...tutorMeta,
            bio: savedProfile.value.bio,
            about: savedProfile.value.about,
          });
      }
      const failures = [savedUser, savedProfile]
        .filter((result) => result.status === "rejected")
        .map((result) => result.reason as unknown);
      if (failures.length > 0) throw mergeFailures(failures);
      return {
        user: (savedUser as PromiseFulfilledResult<UserView>).value,
        profile: (savedProfile as PromiseFulfilledResult<TutorProfile>).value,
      };
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: tutorMetaKey }),
  });
}
