import { withHarness } from '@lbf/service-kit/testing';
import { messagingHarness } from './harness';

describe('messaging boots', () => {
  const ctx = withHarness(() => messagingHarness());

  it('migrates its schema and answers as a subgraph', async () => {
    const tables = await ctx.sql.query(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'messaging' AND table_name IN ('mail_deliveries', 'newsletter_subscribers', 'internal_messages')`);
    expect(tables.rows[0].n).toBe(3);
    const res = await ctx.as(null).gql(`{ __typename }`);
    expect(res.data).toEqual({ __typename: 'Query' });
  });
});
