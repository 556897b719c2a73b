import type { EventSubject } from '@lbf/proto-events';
import type { BaseConfig } from '@lbf/service-kit';
import { userRegistered, type Harness, type StartedService, type TestUser } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';

type Base = Pick<Harness<BaseConfig, StartedService>, 'publish' | 'sql' | 'until'>;

/** The feeds module's factories: what catalogue and identity would publish, waited for until commerce has it. */
export function feedsFactories(h: Base) {
  return {
    /** Puts an item on the price list through the catalogue's event, and waits until commerce has it. */
    async publishItem(item: { itemId?: string; itemType?: 'video' | 'pdf'; title?: string; priceCents?: number; subject?: EventSubject; occurredAt?: string } = {}) {
      const itemId = item.itemId ?? randomUUID();
      const occurredAt = item.occurredAt ?? new Date().toISOString();
      await h.publish(item.subject ?? 'catalogue.item.published', {
        itemId,
        itemType: item.itemType ?? 'video',
        title: item.title ?? 'Les plantes du sommeil',
        priceCents: item.priceCents ?? 359,
        currency: 'USD',
        occurredAt,
      });
      await h.until(
        async () => {
          const r = await h.sql.query(`SELECT 1 FROM commerce.price_list WHERE item_id = $1 AND occurred_at >= $2`, [itemId, occurredAt]);
          return r.rowCount ? true : null;
        },
        5000,
        'price list row',
      );
      return itemId;
    },
    /** identity.user.registered for this user (Awa Ngo), waited for until commerce knows the buyer; their e-mail. */
    async registerBuyer(user: TestUser, email = `buyer-${user.userId.slice(0, 8)}@example.com`) {
      await h.publish('identity.user.registered', userRegistered({ userId: user.userId, email, lastName: 'Ngo' }));
      await h.until(async () => ((await h.sql.query(`SELECT 1 FROM commerce.buyers WHERE user_id = $1`, [user.userId])).rowCount ? true : null), 5000, 'buyer');
      return email;
    },
  };
}
