import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** Wait this long after the last keystroke before searching: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  /** The search in force (from the URL). */
  value: string;
  /** Called with the trimmed text after a pause in typing, or at once on Enter. */
  onSearch: (value: string) => void;
  label: string;
  placeholder: string;
  clearLabel: string;
  className?: string;
  /** The list's other parameters, kept when Enter submits the form before the page is hydrated. */
  keep?: Record<string, string | null | undefined>;
}

/** A search field's label, for screen readers only, and the magnifier drawn inside the field's left edge (the form is `relative`). */
export function SearchLabel({ id, label }: { id: string; label: string }) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
    </>
  );
}

/**
 * A search field that searches on the server as you type, debounced. It follows `value` when
 * the search changes elsewhere (a reset, a removed badge, the back button), but never overwrites
 * what is being typed with the value it has just sent.
 */
export function SearchBox({ value, onSearch, label, placeholder, clearLabel, className, keep = {} }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  // The search changed outside this box: show it.
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = next;
      onSearchRef.current(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const submitNow = () => {
    const next = text.trim();
    if (next === sent.current) return;
    sent.current = next;
    onSearchRef.current(next);
  };

  // A plain GET form too: Enter pressed before the JavaScript has arrived still searches,
  // on the server-rendered page (slow phones spend seconds in that state).
  return (
    <form
      role="search"
      method="get"
      className={cn('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        submitNow();
      }}
    >
      {Object.entries(keep).map(([key, kept]) =>
        kept ? <input key={key} type="hidden" name={key} value={kept} /> : null,
      )}
      <SearchLabel id={id} label={label} />
      <Input
        id={id}
        type="search"
        name="q"
        enterKeyHint="search"
        autoComplete="off"
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        className="h-11 pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          onClick={() => setText('')}
          aria-label={clearLabel}
          className="absolute top-1/2 right-1.5 grid size-8 -translate-y-1/2 place-items-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </form>
  );
}
