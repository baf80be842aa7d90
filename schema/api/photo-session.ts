import { z } from "zod";
import { pageQuery } from "./common";
import { isoInstant } from "./interview";

const id = z.number({ error: "bad-request" }).int("bad-request").positive("bad-request");

export const PhotoSessionStatus = { Pending: "pending", Scheduled: "scheduled", Done: "done", Canceled: "canceled" } as const;
export type PhotoSessionStatus = (typeof PhotoSessionStatus)[keyof typeof PhotoSessionStatus];

/** POST /photo-session — an admin (any tutor) or a tutor (self) asks a studio for a session. */
export const photoSessionCreateBody = z.object({ tutorId: id.optional(), studioId: id, scheduledAt: isoInstant.optional() });
export type PhotoSessionCreateBody = z.infer<typeof photoSessionCreateBody>;

/** PATCH /photo-session/:id — reschedule, finish or cancel. */
export const photoSessionPatchBody = z
  .object({
    scheduledAt: isoInstant,
    status: z.enum([PhotoSessionStatus.Scheduled, PhotoSessionStatus.Done, PhotoSessionStatus.Canceled], { error: "bad-request" }),
    note: z.string({ error: "bad-request" }).trim().max(1000, "bad-request"),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "empty-request");
export type PhotoSessionPatchBody = z.infer<typeof photoSessionPatchBody>;

export const photoSessionListQuery = pageQuery;

export type PhotoSessionView = {
  id: number;
  tutorId: number;
  tutorName: string | null;
  studioId: number | null;
  studioName: string | null;
  scheduledAt: string | null;
  status: PhotoSessionStatus;
  image: string | null;
  video: string | null;
  thumbnail: string | null;
  note: string | null;
  completedAt: string | null;
};

/** PUT /user/asset/tutor?tutorId= (multipart image | video | thumbnail). */
export const tutorAssetQuery = z.object({ tutorId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional() });
export type TutorAssets = { image: string | null; video: string | null; thumbnail: string | null };

/** A tutor as a studio sees it: contact details and current media. */
export type StudioTutorView = {
  id: number;
  name: string | null;
  email: string;
  phone: string | null;
  image: string | null;
  video: string | null;
  thumbnail: string | null;
};
export type StudioView = { id: number; name: string | null; image: string | null };
