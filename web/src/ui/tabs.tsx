import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cx } from "./class-names";
import { isRightToLeft } from "./focusable";

export type TabItem = { id: string; label: string; content: ReactNode };

type TabsProps = { label: string; tabs: TabItem[]; defaultTabId?: string; className?: string };

/** WAI-ARIA tabs: arrow keys move between tabs (mirrored in RTL), Home and End jump. */
export function Tabs({ label, tabs, defaultTabId, className }: TabsProps) {
  const baseId = useId();
  const [selectedId, setSelectedId] = useState(defaultTabId ?? tabs[0]?.id);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  function select(index: number) {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setSelectedId(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = tabs.findIndex((tab) => tab.id === selectedId);
    const forward = isRightToLeft(event.currentTarget) ? "ArrowLeft" : "ArrowRight";
    const backward = forward === "ArrowLeft" ? "ArrowRight" : "ArrowLeft";
    const moves: Record<string, number> = {
      [forward]: current + 1,
      [backward]: current - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-slate-200 pb-px"
      >
        {tabs.map((tab) => {
          const selected = tab.id === selectedId;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setSelectedId(tab.id)}
              className={cx(
                "-mb-px min-h-11 shrink-0 border-b-2 px-3 text-sm font-medium whitespace-nowrap sm:px-4",
                selected
                  ? "border-brand-700 text-brand-800"
                  : "border-transparent text-slate-600 hover:text-slate-900",
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selectedId}
          tabIndex={0}
          className="pt-4 focus-visible:outline-offset-4"
        >
          {tab.id === selectedId && tab.content}
        </div>
      ))}
    </div>
  );
}
