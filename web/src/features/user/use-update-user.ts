import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userContracts, type UpdateUserBody } from "@schema/api/user";
import { session } from "../../lib/session";
import { currentUserKey } from "./use-current-user";
import { call, upload } from "../../lib/client";
import { appendImageVariants, makeImageVariants } from "../../lib/image-variants";

/** PUT /user/{id}: profile fields, or a password change. */
export function useUpdateUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => call(userContracts.update, { params: { id: userId }, body }),
    onSuccess: (user) => {
      session.setUser(user);
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}

/** PUT /user/asset?forUser=: the avatar and its small versions (made here), with upload progress; the profile is reloaded after. */
export function useAvatarUpload(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      file,
      onProgress,
      signal,
    }: {
      file: File;
      onProgress: (fraction: number) => void;
      signal: AbortSignal;
    }) => {
      const form = new FormData();
      form.set("image", file);
      appendImageVariants(form, "image", await makeImageVariants(file, "image"));
      return upload(userContracts.uploadPicture, form, { query: { forUser: userId }, onProgress, signal });
    },
    onSuccess: ({ url }) => {
      const user = session.getState().user;
      if (user) session.setUser({ ...user, image: url });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
