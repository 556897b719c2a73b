import { randomUUID } from 'node:crypto';
import { until, withHarness } from '@lbf/service-kit/testing';
import type { EventData } from '@lbf/proto-events';
import { messagingHarness } from './harness';

describe('« Offrir »: the gift mail', () => {
  const ctx = withHarness(() => messagingHarness());

  const token = () => randomUUID().replace(/-/g, '').padEnd(43, 'x').slice(0, 43);
  function sent(over: Partial<EventData<'commerce.gift.sent'>> = {}): EventData<'commerce.gift.sent'> {
    return {
      giftId: randomUUID(),
      orderId: randomUUID(),
      buyerId: randomUUID(),
      buyerFirstName: 'Awa',
      recipientEmail: `Ami.${randomUUID().slice(0, 8)}@Example.com`,
      itemId: randomUUID(),
      itemType: 'video',
      itemTitle: 'Tisanes du soir',
      message: 'Joyeux anniversaire <3',
      claimToken: token(),
      sentAt: new Date().toISOString(),
      ...over,
    };
  }

  it('mails the recipient the claim link with the buyer’s first name and message, once per link; a new link is a new mail', async () => {
    const data = sent();
    const to = data.recipientEmail.toLowerCase();
    const event = await ctx.publish('commerce.gift.sent', data);
    const [mail] = await ctx.mailsTo(to);
    expect(mail.subject).toBe('Awa vous offre « Tisanes du soir »');
    expect(mail.text).toContain('Awa vous offre la vidéo « Tisanes du soir »');
    expect(mail.text).toContain('Son message : « Joyeux anniversaire <3 »');
    expect(mail.text).toMatch(new RegExp(`Recevoir ce cadeau : https?://[^\\s]+/cadeau/${data.claimToken}`));
    expect(mail.html).toContain('Joyeux anniversaire &lt;3');
    expect(mail.html).toContain(`/cadeau/${data.claimToken}`);
    const rows = await ctx.sql.query(`SELECT purpose, recipient FROM messaging.mail_deliveries WHERE dedupe_key = $1`, [event.id]);
    expect(rows.rows).toEqual([{ purpose: 'gift_received', recipient: to }]);

    // The same event again (redelivered) sends nothing more; « Renvoyer » (a new link, a new event) sends one more.
    await ctx.publish('commerce.gift.sent', data, event.id);
    const again = sent({ ...data, claimToken: token(), message: '' });
    await ctx.publish('commerce.gift.sent', again);
    await until(() => (ctx.catcher.mails(to).length >= 2 ? true : null), 10_000, 'second mail');
    await new Promise((r) => setTimeout(r, 500));
    const mails = ctx.catcher.mails(to);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`/cadeau/${again.claimToken}`);
    expect(mails[1]!.text).not.toContain('Son message');
  });
});
