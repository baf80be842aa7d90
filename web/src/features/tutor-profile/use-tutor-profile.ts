import { useMutation, useQueryClient } from "@tanstack/react-query";
import { tutorContracts, type TutorProfileBody } from "@schema/api/tutor";
import { session } from "../../lib/session";
import { currentUserKey, tutorMetaKey } from "../user/use-current-user";
import { call } from "../../lib/client";

/** PUT /user/tutor/profile; the session's user name and tutor meta follow the answer. */
export function useSaveTutorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TutorProfileBody) => call(tutorContracts.updateProfile, { body }),
    onSuccess: (profile) => {
      const { user, tutorMeta } = session.getState();
      if (user) session.setUser({ ...user, name: profile.name });
      if (tutorMeta)
        session.setTutorMeta({
          ...tutorMeta,
          bio: profile.bio,
          about: profile.about,
          notice: profile.notice,
        });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void queryClient.invalidateQueries({ queryKey: tutorMetaKey });
    },
  });
}
