import { useEffect, useId, useState } from "react";
import type { TopicView } from "@schema/api/topic";
import { bounds } from "@schema/rules";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf } from "../../lib/api-error";
import { formatNumber } from "../../lib/format";
import { Button } from "../../ui/button";
import { CloseIcon } from "../../ui/close-icon";
import { Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import { useMyTopicsQuery, useReplaceMyTopics, useTopicListQuery } from "./use-topics";

const maxTopics = bounds.topicsPerUser;

/** Adds or removes a topic from a chosen set, never past the limit. */
export function toggleTopic(chosen: TopicView[], topic: TopicView, max = maxTopics): TopicView[] {
  if (chosen.some((t) => t.id === topic.id)) return chosen.filter((t) => t.id !== topic.id);
  return chosen.length >= max ? chosen : [...chosen, topic];
}

function useDebounced(value: string, ms = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Search topics, choose up to 30, and save them as the whole set (PATCH /topic/of/user). */
export function TopicPicker() {
  const mine = useMyTopicsQuery();
  const [search, setSearch] = useState("");
  const query = useTopicListQuery(useDebounced(search.trim()));
  const replace = useReplaceMyTopics();
  const [chosen, setChosen] = useState<TopicView[] | null>(null);
  const listId = useId();
  const current = chosen ?? mine.data ?? [];
  const atLimit = current.length >= maxTopics;

  if (mine.isPending) return <Spinner />;
  if (mine.isError)
    return (
      <Notice tone="error">{`${ar.errors.loadFailed}: ${errorMessage(errorCodeOf(mine.error))}`}</Notice>
    );

  function saveTopics() {
    replace.mutate(
      current.map((topic) => topic.id),
      {
        onSuccess: () => {
          setChosen(null);
          toasts.show({ type: "success", title: arTutorJourney.tutorProfile.topicsSaved });
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {arTutorJourney.tutorProfile.topicsIntro(formatNumber(maxTopics))}
      </p>
      <p className="text-sm font-medium text-slate-800" aria-live="polite">
        {arTutorJourney.tutorProfile.topicsChosen(formatNumber(current.length), formatNumber(maxTopics))}
      </p>
      {current.length === 0 ? (
        <p className="text-sm text-slate-600">{arTutorJourney.tutorProfile.noTopics}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {current.map((topic) => (
            <li
              key={topic.id}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 ps-3 pe-1 text-sm text-brand-900"
            >
              <bdi>{topic.nameAr}</bdi>
              <button
                type="button"
                aria-label={arTutorJourney.tutorProfile.removeTopic(topic.nameAr)}
                onClick={() => setChosen(toggleTopic(current, topic))}
                className="inline-flex size-8 items-center justify-center rounded-full hover:bg-brand-100 focus-visible:outline-3 focus-visible:outline-brand-600"
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      {atLimit && (
        <Notice tone="warning">{arTutorJourney.tutorProfile.topicsLimit(formatNumber(maxTopics))}</Notice>
      )}
      <TextField
        label={arTutorJourney.tutorProfile.topicSearch}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        aria-controls={listId}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          {arTutorJourney.tutorProfile.availableTopics}
        </legend>
        <div id={listId} className="max-h-64 overflow-y-auto rounded-lg border border-slate-200 p-2">
          {query.isPending ? (
            <Spinner />
          ) : query.isError ? (
            <Notice tone="error">{errorMessage(errorCodeOf(query.error))}</Notice>
          ) : query.data.list.length === 0 ? (
            <p className="p-2 text-sm text-slate-600">{arTutorJourney.tutorProfile.noResults}</p>
          ) : (
            <ul className="grid gap-1 sm:grid-cols-2">
              {query.data.list.map((topic) => {
                const checked = current.some((t) => t.id === topic.id);
                return (
                  <li key={topic.id}>
                    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 hover:bg-slate-50">
                      <input
                        type="checkbox"
                        className="size-5 accent-brand-700"
                        checked={checked}
                        disabled={!checked && atLimit}
                        onChange={() => setChosen(toggleTopic(current, topic))}
                      />
                      {/* The Arabic name only: the tutor's settings are Arabic (docs/glossary.md). */}
                      <bdi>{topic.nameAr}</bdi>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </fieldset>
      {replace.isError && <Notice tone="error">{errorMessage(errorCodeOf(replace.error))}</Notice>}
      <Button
        onClick={saveTopics}
        loading={replace.isPending}
        disabled={chosen === null}
        className="sm:self-start"
      >
        {arTutorJourney.tutorProfile.saveTopics}
      </Button>
    </div>
  );
}
