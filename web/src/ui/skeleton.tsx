import { ar } from "../i18n/ar-EG";
import { cx } from "./class-names";

/** One grey placeholder bar (hidden from screen readers; the surrounding skeleton says what loads). */
export function SkeletonBar({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx("block animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none", className)}
    />
  );
}

/**
 * The shape of a list while it loads (cards with a photo, two lines and a button), instead of a
 * spinner: the page keeps its layout, and a screen reader hears one status.
 */
export function ListSkeleton({
  rows = 3,
  variant = "rows",
  label = ar.shell.loading.list,
}: {
  rows?: number;
  variant?: "rows" | "cards";
  label?: string;
}) {
  return (
    <div
      role="status"
      aria-busy="true"
      data-skeleton=""
      className={cx(variant === "cards" ? "grid gap-4 sm:grid-cols-2 lg:grid-cols-3" : "flex flex-col gap-3")}
    >
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          className={cx(
            "flex gap-4 rounded-2xl border border-slate-200 bg-white p-4",
            variant === "cards" ? "flex-col" : "items-center",
          )}
        >
          <SkeletonBar
            className={variant === "cards" ? "h-40 w-full rounded-xl" : "size-12 shrink-0 rounded-full"}
          />
          <div className="flex flex-1 flex-col gap-2">
            <SkeletonBar className="h-4 w-1/2" />
            <SkeletonBar className="h-3 w-3/4" />
            <SkeletonBar className="h-3 w-1/3" />
          </div>
          <SkeletonBar className={variant === "cards" ? "h-10 w-full" : "h-9 w-24"} />
        </div>
      ))}
    </div>
  );
}

/** Dashboard cards while their numbers load. */
export function CardsSkeleton({
  cards = 3,
  label = ar.shell.loading.page,
}: {
  cards?: number;
  label?: string;
}) {
  return (
    <div role="status" aria-busy="true" data-skeleton="" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: cards }, (_, index) => (
        <div key={index} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5">
          <SkeletonBar className="h-4 w-1/3" />
          <SkeletonBar className="h-8 w-1/2" />
          <SkeletonBar className="h-3 w-2/3" />
        </div>
      ))}
    </div>
  );
}
