import { useUserChannelConnection } from "../lib/realtime";
import { useLessonEventsRefresh } from "../features/lessons/use-lesson-events";
import { useTutorUpdatedRefresh } from "../features/tutor-profile/use-tutor-updated";
import { useNoteNotices } from "../features/learning/notes/use-note-notices";

/**
 * What the header keeps running for a signed-in user, loaded (lazily, by site-header.tsx) once
 * someone signs in, so a visitor's first load carries no realtime socket or lesson contracts.
 */
export function SignedInEffects() {
  // docs/product.md §4 "Realtime connection": one user-channel socket while signed in.
  useUserChannelConnection();
  // LessonBooked / LessonRebooked / LessonCanceled refresh the lessons, minutes and dashboards.
  useLessonEventsRefresh();
  // TutorUpdated (activation, media, profile from another device) refreshes the tutor's own screens.
  useTutorUpdatedRefresh();
  // LessonNoteChanged: a new lesson note or a reply on it is told wherever the person is.
  useNoteNotices();
  return null;
}
