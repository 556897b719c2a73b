/**
 * The pages a visitor opened in this browser session, towards the sign-up prompt
 * (use-signup-prompt.ts). Apart from the hook so that main.tsx can count a server-rendered page as
 * it starts without any of the app's code.
 */
export const PAGES_KEY = 'lbf_pages_opened';
export const SHOWN_KEY = 'lbf_signup_prompt_shown';
/** The visitor's third page of the browser session. */
export const PROMPT_AT_PAGE = 3;

/** The path of the server-rendered page main.tsx counted before the app rendered it. */
let countedBeforeRender: string | null = null;

/** The path main.tsx counted before the app rendered it, if any. */
export function pageCountedBeforeRender(): string | null {
  return countedBeforeRender;
}

export function readPromptKey(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writePromptKey(key: string, value: string): void {
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
  const pages = Number(readPromptKey(PAGES_KEY) ?? '0') + 1;
  writePromptKey(PAGES_KEY, String(pages));
  // '/auth' is paths.auth() spelled out: main.tsx's entry stays without the route manifest.
  return pages >= PROMPT_AT_PAGE && readPromptKey(SHOWN_KEY) !== '1' && countedBeforeRender !== '/auth';
}

