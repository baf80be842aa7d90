import type { HTMLAttributes, ReactNode } from "react";
import { cx } from "./class-names";

type CardProps = HTMLAttributes<HTMLElement> & { title?: ReactNode; actions?: ReactNode };

export function Card({ title, actions, className, children, ...rest }: CardProps) {
  return (
    <section
      className={cx("rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6", className)}
      {...rest}
    >
      {(title || actions) && (
        <header className="mb-4 flex flex-wrap items-center justify-between gap-2">
          {title && <h2 className="text-lg font-bold text-slate-900">{title}</h2>}
          {actions}
        </header>
      )}
      {children}
    </section>
  );
}
