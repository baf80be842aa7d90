import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TutorProfile, TutorProfileBody } from "@schema/api/tutor";
import { api } from "../../lib/api";
import { session } from "../../lib/session";
import { currentUserKey, tutorMetaKey } from "../user/use-current-user";

/** PUT /user/tutor/profile; the session's user name and tutor meta follow the answer. */
export function useSaveTutorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TutorProfileBody) => api.put<TutorProfile>("/user/tutor/profile", body),
    onSuccess: (profile) => {
      const { user, tutorMeta } = session.getState();
      if (user) session.setUser({ ...user, name: profile.name });
      if (tutorMeta) session.setTutorMeta({ ...tutorMeta, bio: profile.bio, about: profile.about, notice: profile.notice });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void queryClient.invalidateQueries({ queryKey: tutorMetaKey });
    },
  });
}
