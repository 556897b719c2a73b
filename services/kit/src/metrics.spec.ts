import { createMetrics, defaultRouteOf, MAX_OPERATION_LABELS } from './metrics';

describe('metrics labels', () => {
  it('names a route family without letting random paths grow the label set', () => {
    expect(defaultRouteOf('/graphql?x=1', 200)).toBe('/graphql');
    expect(defaultRouteOf('/media/videos/abc/master.m3u8', 200)).toBe('/media');
    expect(defaultRouteOf('/wp-admin/setup.php', 404)).toBe('other');
    expect(defaultRouteOf('/%2e%2e/x', 400)).toBe('other');
  });

  it('keeps operation names as labels up to a cap, then says other', () => {
    const metrics = createMetrics('test', { defaultMetrics: false });
    expect(metrics.operationLabel('HomePage')).toBe('HomePage');
    expect(metrics.operationLabel(null)).toBe('anonymous');
    expect(metrics.operationLabel('bad name!')).toBe('other');
    for (let i = 0; i < MAX_OPERATION_LABELS; i++) metrics.operationLabel(`Op${i}`);
    expect(metrics.operationLabel('OneTooMany')).toBe('other');
    expect(metrics.operationLabel('HomePage')).toBe('HomePage');
  });

  it('gives the same metric when one name is asked for twice', () => {
    const metrics = createMetrics('messaging', { defaultMetrics: false });
    const first = metrics.counter('lbf_mails_total', 'Mails', ['outcome']);
    expect(metrics.counter('lbf_mails_total', 'Mails', ['outcome'])).toBe(first);
  });

  it('renders what a module counts in the text format, with the service label', async () => {
    const metrics = createMetrics('commerce', { defaultMetrics: false });
    metrics.counter('lbf_payment_attempts_total', 'Payment attempts', ['provider', 'outcome']).inc({ provider: 'mtn', outcome: 'succeeded' });
    const { body } = await metrics.render();
    expect(body).toContain('lbf_payment_attempts_total{provider="mtn",outcome="succeeded",service="commerce"} 1');
  });
});
