import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { useAuth } from '@/auth/auth-context';
import {
  PAGES_KEY,
  PROMPT_AT_PAGE,
  SHOWN_KEY,
  pageCountedBeforeRender,
  readPromptKey as read,
  writePromptKey as write,
} from './signup-prompt-count';

let lastCountedKey: string | null = null;

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
    if (first && pageCountedBeforeRender() === location.pathname) return;
    write(PAGES_KEY, String(Number(read(PAGES_KEY) ?? '0') + 1));
  }, [location.key]);

  useEffect(() => {
    if (loading) return;
    // Someone who signed in during this session has an account: never invite them.
    if (user) return write(SHOWN_KEY, '1');
    if (read(SHOWN_KEY) === '1' || location.pathname === paths.auth()) return;
    if (Number(read(PAGES_KEY) ?? '0') >= PROMPT_AT_PAGE) {
      write(SHOWN_KEY, '1');
      setOpen(true);
    }
  }, [location.key, location.pathname, loading, user]);

  return [open, setOpen];
}
