import { stack } from './harness';

/**
 * The e2e tests of messaging's public side: GraphQL as the demo administrator, and waiting for a
 * read model to catch up. The caught mails come from the harness (mailsTo, linkIn).
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
