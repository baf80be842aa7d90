import type { ReactNode } from "react";
import { cx } from "./class-names";

/** A screen's title and content, narrow for forms or wide for dashboards. */
const widths = { narrow: "max-w-md", wide: "max-w-4xl", full: "max-w-none" } as const;

/** `full`: all the room the layout gives (the admin area's tables). */
export function PageFrame({
  title,
  subtitle,
  width = "narrow",
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  width?: keyof typeof widths;
  children: ReactNode;
}) {
  return (
    <div className={cx("mx-auto flex w-full flex-col gap-6", widths[width])}>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        {subtitle && <p className="text-slate-600">{subtitle}</p>}
      </header>
      {children}
    </div>
  );
}
