import { useCallback, useSyncExternalStore } from 'react';
import { LIKED_ARTICLES_KEY } from '@/lib/browser-choices';

/* Likes are local only (spec): the ids of liked articles, kept in this browser. */
const CHANGE_EVENT = 'lbf:liked-articles';

function readLiked(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(LIKED_ARTICLES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function subscribe(onChange: () => void): () => void {
  // Another tab (storage) or another component of this one (our own event).
  const onStorage = (event: StorageEvent) => {
    if (event.key === LIKED_ARTICLES_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** Whether this browser liked the article, and a toggle (Aimer / Aimé). */
export function useLikedArticle(id: string): [liked: boolean, toggle: () => void] {
  const liked = useSyncExternalStore(
    subscribe,
    () => readLiked().includes(id),
    () => false,
  );
  const toggle = useCallback(() => {
    const current = readLiked();
    const next = current.includes(id) ? current.filter((x) => x !== id) : [...current, id];
    try {
      window.localStorage.setItem(LIKED_ARTICLES_KEY, JSON.stringify(next));
    } catch {
      // Storage full or disabled (private mode): the like simply does not persist.
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, [id]);
  return [liked, toggle];
}
