import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cx } from "./class-names";

export type MenuItem = { id: string; label: ReactNode; onSelect: () => void; tone?: "default" | "danger" };

type MenuProps = { label: string; trigger: ReactNode; items: MenuItem[]; className?: string };

/** A menu button: opens a list of actions; arrows move, Esc closes and returns focus. */
export function Menu({ label, trigger, items, className }: MenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    function closeOnOutsideClick(event: MouseEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("mousedown", closeOnOutsideClick);
    return () => document.removeEventListener("mousedown", closeOnOutsideClick);
  }, [open]);

  function close() {
    setOpen(false);
    triggerRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: buttons.length - 1,
    };
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") {
      setOpen(false);
    } else if (moves[event.key] !== undefined) {
      event.preventDefault();
      buttons[((moves[event.key] ?? 0) + buttons.length) % buttons.length]?.focus();
    }
  }

  return (
    <div ref={containerRef} className={cx("relative", className)}>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-slate-800 hover:bg-slate-100"
      >
        {/* The label is read before the visible content, so the accessible name contains what
            sighted users see (WCAG 2.5.3) instead of replacing it. */}
        <span className="sr-only">{label}</span>
        {trigger}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          className="absolute end-0 top-full z-30 mt-1 min-w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          {items.map((item, index) => (
            <button
              key={item.id}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
              className={cx(
                "flex min-h-11 w-full items-center rounded-lg px-3 text-start text-sm hover:bg-slate-100 focus-visible:bg-slate-100",
                item.tone === "danger" ? "text-red-700" : "text-slate-800",
              )}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
