import { withHarness } from '@lbf/service-kit/testing';
import { identityHarness } from './harness';

const REQUEST = 'mutation { requestDataExport { request { id } error { code message } } }';

/**
 * One export per person per day, counted by identity; an export messaging could not put together
 * (messaging.user.export_failed) no longer counts, so « Mes données », which offers to ask again
 * after a failure, is not refused. The whole journey is gateway/test/data-export.int.spec.ts.
 */
describe('data export requests', () => {
  const h = withHarness(() => identityHarness());

  it('may be asked again at once when the last export failed, not before', async () => {
    const person = await h.account();
    const first = (await person.browser.gql(REQUEST)).data!.requestDataExport;
    expect(first.error).toBeNull();
    expect((await person.browser.gql(REQUEST)).data!.requestDataExport.error).toMatchObject({ code: 'RATE_LIMITED' });

    const failedAt = new Date().toISOString();
    await h.publish('messaging.user.export_failed', { exportId: first.request.id, userId: person.id, failedAt }, 'messaging');
    await h.until(
      async () => ((await h.sql.query('SELECT 1 FROM identity.data_exports WHERE id = $1 AND failed_at IS NOT NULL', [first.request.id])).rowCount ? true : null),
      10_000,
      'the export marked failed',
    );
    // A redelivery changes nothing.
    await h.publish('messaging.user.export_failed', { exportId: first.request.id, userId: person.id, failedAt }, 'messaging');

    const again = (await person.browser.gql(REQUEST)).data!.requestDataExport;
    expect(again.error).toBeNull();
    expect(again.request.id).not.toBe(first.request.id);
    // The new one counts as the day's.
    expect((await person.browser.gql(REQUEST)).data!.requestDataExport.error).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
