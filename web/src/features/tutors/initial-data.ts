import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useLayoutEffect } from "react";
import type { CappedPaged } from "@schema/api/common";
import type { TutorCard, TutorInfo } from "@schema/api/tutor";
import { tutorKeys } from "./tutor-keys";

/** What the Worker inlines in /tutors and /t/{id} (worker/seo/pages.ts, InitialData). */
type InitialData = {
  tutors?: { page: number; data: CappedPaged<TutorCard> };
  tutor?: { id: number; info: TutorInfo };
};

/**
 * Starts react-query's cache from the data the Worker inlined in the page
 * (`<script type="application/json" id="initial-data">`), so the tutor list and a tutor's page
 * paint without waiting for the API: the unfiltered list page and the tutor's profile, under the
 * keys their hooks use (use-tutors.ts). The element is read once and removed, so a later
 * navigation never reuses it.
 */
export function seedInitialData(queryClient: QueryClient, doc: Document = document): void {
  seedCache(queryClient, doc);
}

/**
 * For a screen whose page was prerendered without data and hydrated (web/src/boot.tsx then leaves
 * #initial-data alone): the inlined data goes into the cache once the screen itself has hydrated
 * (React hydrates a lazy screen's boundary after the layout), in a layout effect, so before its
 * queries subscribe and would ask the API. Nothing to do once the element is gone.
 */
export function useInitialDataOnceHydrated(): void {
  const queryClient = useQueryClient();
  useLayoutEffect(() => seedCache(queryClient, document), [queryClient]);
}

function seedCache(queryClient: QueryClient, doc: Document): void {
  const element = doc.getElementById("initial-data");
  if (!element) return;
  element.remove();
  let data: InitialData;
  try {
    data = JSON.parse(element.textContent ?? "") as InitialData;
  } catch {
    return;
  }
  if (data.tutors) queryClient.setQueryData(tutorKeys.list({}, data.tutors.page), data.tutors.data);
  if (data.tutor) queryClient.setQueryData(tutorKeys.info(data.tutor.id), data.tutor.info);
}
