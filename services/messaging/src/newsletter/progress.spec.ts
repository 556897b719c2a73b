import { createLogger } from '@lbf/service-kit';
import type { Redis } from 'ioredis';
import { CampaignProgressChannel } from './progress';

/** The stream's own logic (no Redis: nudges are delivered by hand, as the subscriber would). */
describe('campaign progress stream', () => {
  const channel = new CampaignProgressChannel({} as Redis, 't', createLogger('test', 'silent'));
  const nudge = (id: string) => channel.nudge(id);

  it('pushes the campaign now, again after a nudge when it changed, and ends after SENT', async () => {
    const values = [
      { status: 'SENDING', sent: 1 },
      { status: 'SENDING', sent: 1 },
      { status: 'SENDING', sent: 5 },
      { status: 'SENT', sent: 9 },
    ];
    let i = 0;
    const stream = channel.progress('c1', async () => values[Math.min(i++, values.length - 1)], (v) => v.status === 'SENT');
    expect((await stream.next()).value).toEqual({ status: 'SENDING', sent: 1 });
    const next = stream.next();
    nudge('c1'); // unchanged: not pushed
    await new Promise((r) => setTimeout(r, 10));
    nudge('c1');
    expect((await next).value).toEqual({ status: 'SENDING', sent: 5 });
    const last = stream.next();
    nudge('c1');
    expect((await last).value).toEqual({ status: 'SENT', sent: 9 });
    expect(await stream.next()).toEqual({ value: undefined, done: true });
    // No listener left behind.
    expect(channel.listenedKeys()).not.toContain('c1');
  });

  it('ends when the campaign is gone, and when the client leaves', async () => {
    const gone = channel.progress('c2', async () => null, () => false);
    expect((await gone.next()).done).toBe(true);
    const left = channel.progress('c3', async () => ({ status: 'SENDING' }), () => false);
    await left.next();
    const pending = left.next();
    await left.return!();
    expect((await pending).done).toBe(true);
  });
});
