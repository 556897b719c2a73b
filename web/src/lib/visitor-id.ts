const KEY = 'lbf_visitor_id';

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

let cached: string | null = null;

/** Anonymous id kept in localStorage so visits can be counted per browser; no personal data. */
export function visitorId(): string {
  if (cached) return cached;
  try {
    cached = localStorage.getItem(KEY);
    if (!cached) {
      cached = randomId();
      localStorage.setItem(KEY, cached);
    }
  } catch {
    // Private mode or storage disabled: an id for this page load is still better than none.
    cached = randomId();
  }
  return cached;
}
