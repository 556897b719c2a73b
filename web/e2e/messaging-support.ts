import { stack } from './harness';

/**
 * The e2e tests of messaging's public side: GraphQL as the demo administrator and the stack's mail
 * catcher (its JSON API).
 */

export async function graphql<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const res = await fetch(`${stack.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

const SIGN_IN = `mutation($input: SignInInput!) { signIn(input: $input) { accessToken error { message } } }`;

export async function adminToken(): Promise<string> {
  const { signIn } = await graphql<{ signIn: { accessToken: string | null; error: { message: string } | null } }>(SIGN_IN, {
    input: { email: stack.demo.admin.email, password: stack.demo.admin.password },
  });
  if (!signIn.accessToken) throw new Error(`the demo admin could not sign in: ${signIn.error?.message}`);
  return signIn.accessToken;
}

/**
 * The stack's mail catcher: the URL the stack gives when the harness passes it on, else the
 * registry's port (4108) moved by the stack's port offset (the gateway is 4000 + offset), as
 * stack.js places it.
 */
export function mailCatcherUrl(): string {
  const given = (stack as { mailCatcherUrl?: string }).mailCatcherUrl;
  if (given) return given;
  const offset = Number(new URL(stack.url).port) - 4000;
  return `http://127.0.0.1:${4108 + offset}`;
}

export interface CaughtMail {
  id: string;
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
}

/** Waits until `count` mails to `to` are caught (15 s at most), oldest first. */
export async function mailsTo(to: string, count = 1, timeoutMs = 15_000): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${mailCatcherUrl()}/api/mails?to=${encodeURIComponent(to)}`);
    const mails = (await res.json()) as CaughtMail[];
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`${mails.length} mail(s) to ${to} after ${timeoutMs / 1000}s, ${count} expected`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** The first link in the mail (text or HTML) that starts with `prefix`. */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`${escaped}[^\\s"'<>)]*`).exec(`${mail.text ?? ''}\n${mail.html ?? ''}`);
  if (!found) throw new Error(`no link starting with ${prefix} in the mail "${mail.subject}"`);
  return found[0].replace(/&amp;/g, '&');
}

/** Retries `probe` until it returns something (10 s at most): read models catch up through events. */
export async function eventually<T>(probe: () => Promise<T | null | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== null && found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not there after ${timeoutMs / 1000}s`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
