import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuth } from '@/auth/auth-context';

const PAGES_KEY = 'lbf_pages_opened';
const SHOWN_KEY = 'lbf_signup_prompt_shown';
/** The visitor's third page of the browser session. */
const PROMPT_AT_PAGE = 3;

let lastCountedKey: string | null = null;

/** The path of the server-rendered page main.tsx counted before the app rendered it. */
let countedBeforeRender: string | null = null;

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the prompt may then show again in a later session, which is harmless.
  }
}

/**
 * Counts a server-rendered page as it starts (main.tsx): it may be read without ever being hydrated.
 * Its hydrating render does not count it again. True when this page is the one to invite the
 * visitor on (if they turn out to be signed out): the page must then be live to show the dialog.
 */
export function countServerRenderedPage(): boolean {
  countedBeforeRender = window.location.pathname;
  const pages = Number(read(PAGES_KEY) ?? '0') + 1;
  write(PAGES_KEY, String(pages));
  return pages >= PROMPT_AT_PAGE && read(SHOWN_KEY) !== '1' && countedBeforeRender !== '/auth';
}

/**
 * When the sign-up prompt appears (the spec leaves the trigger open; this is our rule):
 * once per browser session (sessionStorage), to a signed-out visitor, when they open their
 * third page of the site (pages opened while the session loads count too). /auth itself never shows it
 * (it already offers sign-up): if the third page is /auth, the next page does. Anyone who was
 * signed in during the session is never shown it.
 */
export function useSignUpPrompt(): [boolean, (open: boolean) => void] {
  const { user, loading } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);

  // Every page opened counts, including those opened while the session is still loading.
  useEffect(() => {
    if (lastCountedKey === location.key) return;
    const first = lastCountedKey === null;
    lastCountedKey = location.key;
    if (first && countedBeforeRender === location.pathname) return;
    write(PAGES_KEY, String(Number(read(PAGES_KEY) ?? '0') + 1));
  }, [location.key]);

  useEffect(() => {
    if (loading) return;
    // Someone who signed in during this session has an account: never invite them.
    if (user) return write(SHOWN_KEY, '1');
    if (read(SHOWN_KEY) === '1' || location.pathname === '/auth') return;
    if (Number(read(PAGES_KEY) ?? '0') >= PROMPT_AT_PAGE) {
      write(SHOWN_KEY, '1');
      setOpen(true);
    }
  }, [location.key, location.pathname, loading, user]);

  return [open, setOpen];
}
