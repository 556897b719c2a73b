import { graphql, stack, tokenFor } from './harness';

/**
 * The e2e tests of messaging's public side: GraphQL as the demo administrator, a visitor's contact
 * message, and waiting for a read model to catch up. The caught mails come from the harness
 * (mailsTo, linkIn).
 */

export async function adminToken(): Promise<string> {
  return tokenFor(stack.demo.admin.email, stack.demo.admin.password);
}

/**
 * A visitor's contact message through the gateway, as the form sends it: a ticket, the wait the
 * ticket asks for (a faster message is taken for a bot's), then the message, which must be sent.
 * The address is made from the name unless given.
 */
export async function sendContactMessage(who: { name: string; email?: string; subject?: string; message: string }): Promise<void> {
  const { openContactForm } = await graphql<{ openContactForm: { token: string; minSeconds: number } }>('mutation { openContactForm { token minSeconds } }');
  await new Promise((resolve) => setTimeout(resolve, openContactForm.minSeconds * 1000 + 300));
  const { sendContactMessage: sent } = await graphql<{ sendContactMessage: { sent: boolean | null; error: { message: string } | null } }>(
    'mutation Send($input: ContactInput!) { sendContactMessage(input: $input) { sent error { message } } }',
    {
      input: {
        name: who.name,
        email: who.email ?? `${who.name.toLowerCase().replace(/\W+/g, '.')}@exemple.test`,
        subject: who.subject ?? 'GENERAL',
        message: who.message,
        acceptTerms: true,
        ticket: openContactForm.token,
      },
    },
  );
  expect(sent).toEqual({ sent: true, error: null });
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
