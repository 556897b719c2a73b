import { useEffect } from 'react';

/** Ctrl/Cmd + these letters: save, select all, view source, print. */
const BLOCKED_WITH_MODIFIER = new Set(['s', 'a', 'u', 'p']);
/** Ctrl/Cmd + Shift + these: the developer tools' panels. */
const BLOCKED_WITH_SHIFT = new Set(['i', 'j', 'c']);

export function isBlockedShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): boolean {
  if (event.key === 'F12') return true;
  if (!event.ctrlKey && !event.metaKey) return false;
  const key = event.key.toLowerCase();
  if (event.shiftKey) return BLOCKED_WITH_SHIFT.has(key);
  return BLOCKED_WITH_MODIFIER.has(key);
}

const PRINT_STYLE = '@media print { body { display: none !important; } }';

/**
 * The video page's content protection (spec): right-click, text selection, drag and print are
 * blocked, and so are F12, Ctrl/Cmd+S, +A, +U (and +P) and Ctrl/Cmd+Shift+I/J/C. Only while the
 * page is shown: everything is removed on unmount, so the rest of the site behaves normally.
 * This deters casual copying; the real protection is that files are only served through
 * short-lived signed URLs to entitled users.
 */
export function useContentProtection(): void {
  useEffect(() => {
    const prevent = (event: Event) => {
      const target = event.target;
      // Form fields (the header's search, a newsletter box) keep working.
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
      event.preventDefault();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (isBlockedShortcut(event)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const printStyle = document.createElement('style');
    printStyle.dataset.contentProtection = '';
    printStyle.textContent = PRINT_STYLE;
    document.head.appendChild(printStyle);
    const root = document.documentElement;
    const previousUserSelect = root.style.userSelect;
    root.style.userSelect = 'none';
    root.style.setProperty('-webkit-user-select', 'none');

    document.addEventListener('contextmenu', prevent);
    document.addEventListener('selectstart', prevent);
    document.addEventListener('dragstart', prevent);
    document.addEventListener('keydown', onKeyDown, { capture: true });
    return () => {
      document.removeEventListener('contextmenu', prevent);
      document.removeEventListener('selectstart', prevent);
      document.removeEventListener('dragstart', prevent);
      document.removeEventListener('keydown', onKeyDown, { capture: true });
      printStyle.remove();
      root.style.userSelect = previousUserSelect;
      root.style.removeProperty('-webkit-user-select');
    };
  }, []);
}
