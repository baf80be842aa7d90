import { useDeferredValue, useEffect, useMemo, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { Gender } from "@schema/enums";
import { lastServedPage } from "@schema/api/common";
import { useInitialDataOnceHydrated } from "../../features/tutors/initial-data";
import { TutorCard } from "../../features/tutors/tutor-card";
import {
  tutorsPageSize,
  useTopicsQuery,
  useTutorListQuery,
  type TutorFilters,
} from "../../features/tutors/use-tutors";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { market } from "../../i18n/ar-EG-marketplace";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { errorCodeOf } from "../../lib/api-error";
import { dayKey, upcomingDays } from "../../features/lessons/calendar";
import { formatDay, relativeDayWord } from "../../lib/format";
import { useHydrated } from "../../lib/use-hydrated";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Pagination, shownTotal } from "../../ui/pagination";
import { Select } from "../../ui/select";
import { ListSkeleton } from "../../ui/skeleton";
import { TextField } from "../../ui/text-field";

const t = arLessons.marketplace.tutors;

/** The filters as the URL holds them (so a filtered list can be shared and survives a reload). */
export function filtersFromParams(params: URLSearchParams): { filters: TutorFilters; page: number } {
  const topicId = Number(params.get("topic"));
  const gender = params.get("gender");
  const day = params.get("day") ?? "";
  const name = params.get("name")?.trim() ?? "";
  const page = Number(params.get("page"));
  return {
    filters: {
      topicId: Number.isInteger(topicId) && topicId > 0 ? topicId : undefined,
      name: name ? name.slice(0, 30) : undefined,
      gender: gender === Gender.Male || gender === Gender.Female ? gender : undefined,
      day: /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined,
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** /tutors — the public, paged tutor list with its filters. */
export function TutorsPage() {
  const [params, setParams] = useSearchParams();
  const { filters, page } = filtersFromParams(params);
  // Before the list's query subscribes: the page arrives prerendered and hydrated, its first page inlined.
  useInitialDataOnceHydrated();
  const tutors = useTutorListQuery(filters, page);
  // The cards follow the list in a transition: React renders them in slices between frames, not in
  // one long task when the inlined first page lands in the cache just after hydration (total
  // blocking time: docs/performance.md), nor when a page or filter changes. Until then the skeleton, or the
  // previous page's cards, stay.
  const list = useDeferredValue(tutors.data);
  const topics = useTopicsQuery();
  const [name, setName] = useState(filters.name ?? "");
  // The days are named from today: the page prerendered at build (schema/prerendered-pages.ts) has
  // none, so hydrating it matches; the closed select shows «any day» either way.
  const hydrated = useHydrated();
  const days = useMemo(() => (hydrated ? dayOptions(filters.day) : []), [hydrated, filters.day]);
  useEffect(() => setName(filters.name ?? ""), [filters.name]);

  function update(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!("page" in changes)) next.delete("page");
    setParams(next);
  }

  function submitName(event: FormEvent) {
    event.preventDefault();
    update({ name: name.trim() || undefined });
  }

  const filtered = Object.values(filters).some((value) => value !== undefined);

  return (
    <PageFrame title={t.title} subtitle={t.subtitle} width="wide">
      <form
        role="search"
        aria-label={t.filtersLabel}
        onSubmit={submitName}
        className="grid grid-cols-1 items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Select
          label={t.topic}
          placeholder={t.anyTopic}
          options={(topics.data ?? []).map((topic) => ({ value: String(topic.id), label: topic.nameAr }))}
          value={filters.topicId ? String(filters.topicId) : ""}
          onChange={(event) => update({ topic: event.target.value || undefined })}
        />
        <div className="flex items-end gap-2">
          <TextField
            label={t.name}
            type="search"
            value={name}
            maxLength={30}
            className="min-w-0 flex-1"
            onChange={(event) => setName(event.target.value)}
            onBlur={() => {
              if (name.trim() !== (filters.name ?? "")) update({ name: name.trim() || undefined });
            }}
          />
          <Button type="submit" aria-label={market.tutors.searchLabel}>
            {market.tutors.search}
          </Button>
        </div>
        <Select
          label={t.gender}
          placeholder={t.anyGender}
          options={[Gender.Male, Gender.Female].map((value) => ({ value, label: ar.genders[value] }))}
          value={filters.gender ?? ""}
          onChange={(event) => update({ gender: event.target.value || undefined })}
        />
        <Select
          label={market.tutors.day}
          placeholder={market.tutors.anyDay}
          options={days}
          value={filters.day ?? ""}
          onChange={(event) => update({ day: event.target.value || undefined })}
        />
        {filtered && (
          <Button
            variant="ghost"
            className="justify-self-start"
            onClick={() => setParams(new URLSearchParams())}
          >
            {t.clearFilters}
          </Button>
        )}
      </form>

      {tutors.isError ? (
        <Notice tone="error">
          {errorMessage(errorCodeOf(tutors.error))}{" "}
          {errorCodeOf(tutors.error) === "page-too-deep" ? (
            // Asking again fails again: the way on is the deepest page served, filters kept.
            <button
              type="button"
              className="font-medium underline"
              onClick={() => update({ page: String(lastServedPage(tutorsPageSize)) })}
            >
              {ar.ui.deepestPage}
            </button>
          ) : (
            <button type="button" className="font-medium underline" onClick={() => void tutors.refetch()}>
              {ar.ui.retry}
            </button>
          )}
        </Notice>
      ) : list === undefined ? (
        <ListSkeleton rows={6} variant="cards" />
      ) : list.list.length === 0 ? (
        <Notice tone="info">{filtered ? t.emptyFiltered : t.empty}</Notice>
      ) : (
        <>
          <p className="text-sm text-slate-600" role="status">
            {shownTotal(t.results(list.total), list.totalIsLowerBound)}
          </p>
          <ul
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
            aria-busy={tutors.isPlaceholderData || list !== tutors.data || undefined}
          >
            {list.list.map((tutor, index) => (
              <TutorCard key={tutor.id} tutor={tutor} first={index === 0} />
            ))}
          </ul>
          <Pagination
            label={t.pagination}
            page={page}
            total={list.total}
            totalIsLowerBound={list.totalIsLowerBound}
            size={tutorsPageSize}
            onPage={(next) => update({ page: String(next) })}
            buttonSize="md"
          />
        </>
      )}
    </PageFrame>
  );
}

/** The free-day filter's choices: the next 14 days by name («النهارده — الأربعاء، ٢٥ نوفمبر»), plus a day from the URL outside them. */
export function dayOptions(selected?: string, now = new Date()): Array<{ value: string; label: string }> {
  const days = upcomingDays(now, 14);
  if (selected && !days.includes(selected)) days.unshift(selected);
  const today = dayKey(now);
  return days.map((day) => {
    const noon = `${day}T12:00:00Z`;
    const word = relativeDayWord(day, today);
    return { value: day, label: word ? `${word} — ${formatDay(noon, now)}` : formatDay(noon, now) };
  });
}
