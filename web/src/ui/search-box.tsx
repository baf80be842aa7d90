import { useEffect, useRef, useState } from "react";
import { TextField } from "./text-field";

type SearchBoxProps = {
  label: string;
  /** Called with the trimmed text once typing has paused for `delay` ms (one request per pause, not per key). */
  onSearch: (text: string) => void;
  delay?: number;
  initial?: string;
  hint?: string;
  className?: string;
};

/** Search as you type: a labelled search field (inside role="search") that reports its text after a pause. */
export function SearchBox({ label, onSearch, delay = 300, initial = "", hint, className }: SearchBoxProps) {
  const [text, setText] = useState(initial);
  const reported = useRef(initial.trim());
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === reported.current) return;
    const timer = setTimeout(() => {
      reported.current = trimmed;
      latest.current(trimmed);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return (
    <div role="search" className={className}>
      <TextField
        type="search"
        label={label}
        hint={hint}
        value={text}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
