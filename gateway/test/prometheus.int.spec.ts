import { until } from '@lbf/service-kit/testing';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFiveServices, type FiveServices } from './five-services';

/**
 * Metrics as an operator reads them (issue 22 point 6): a real Prometheus (Debian's) scrapes the
 * gateway's operators' listener and every service's /metrics, loads deploy/prometheus/alerts.yml,
 * and answers queries on what the product did. The public port does not serve /metrics.
 */
const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
const ALERTS = join(__dirname, '..', '..', 'deploy', 'prometheus', 'alerts.yml');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

describe('metrics scraped by Prometheus', () => {
  let stack: FiveServices;
  let prometheus: ChildProcess;
  let dir: string;
  let api: string;

  const query = async (expr: string): Promise<Sample[]> => {
    const res = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(expr)}`);
    const body = (await res.json()) as { status: string; data: { result: Sample[] } };
    if (body.status !== 'success') throw new Error(`query ${expr}: ${JSON.stringify(body)}`);
    return body.data.result;
  };

  beforeAll(async () => {
    stack = await startFiveServices({ metricsPort: 0 });
    dir = await mkdtemp(join(tmpdir(), 'lbf-prometheus-'));
    const port = await freePort();
    api = `http://127.0.0.1:${port}`;
    const target = (url: string) => new URL(url).host;
    const jobs = [
      { job_name: 'lbf-gateway', static_configs: [{ targets: [target(stack.gateway.metricsUrl!)] }] },
      ...Object.entries(stack.subgraphs).map(([name, url]) => ({ job_name: `lbf-${name}`, static_configs: [{ targets: [target(url)] }] })),
    ];
    const config = { global: { scrape_interval: '2s', scrape_timeout: '2s', evaluation_interval: '1s' }, rule_files: [ALERTS], scrape_configs: jobs };
    await writeFile(join(dir, 'prometheus.yml'), JSON.stringify(config));
    prometheus = spawn(PROMETHEUS, [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], {
      stdio: 'ignore',
    });
    await until(async () => (await fetch(`${api}/-/ready`).catch(() => null))?.ok || null, 60_000, 'Prometheus ready');
  }, 240_000);

  afterAll(async () => {
    prometheus?.kill('SIGTERM');
    await stack?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('ships alert rules promtool accepts', () => {
    const check = spawnSync(PROMTOOL, ['check', 'rules', ALERTS], { encoding: 'utf8' });
    expect(check.stdout + check.stderr).toMatch(/SUCCESS: \d+ rules found/);
    expect(check.status).toBe(0);
  });

  it('scrapes the gateway and the five services, and answers what the product did', async () => {
    // Every target up.
    await until(async () => {
      const up = await query('up');
      return up.length === 6 && up.every((s) => s.value[1] === '1') ? up : null;
    }, 30_000, 'six targets up');

    // Some traffic through the gateway: a named query, twice.
    for (let i = 0; i < 2; i++) {
      const res = await fetch(stack.gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query SiteBasics { siteSettings { siteName } }', operationName: 'SiteBasics' }),
      });
      expect(res.status).toBe(200);
    }
    const gatewayOps = await until(async () => {
      const r = await query('sum(lbf_graphql_operations_total{service="gateway",operation="SiteBasics",outcome="ok"})');
      return r.length && Number(r[0]!.value[1]) >= 2 ? r : null;
    }, 30_000, 'the gateway counted SiteBasics');
    expect(Number(gatewayOps[0]!.value[1])).toBeGreaterThanOrEqual(2);

    // The subgraph fetch behind it, timed at the gateway, and the catalogue's own count.
    const fetches = await until(async () => {
      const r = await query('sum by (subgraph) (lbf_subgraph_fetch_duration_seconds_count{outcome="ok"})');
      return r.some((s) => s.metric.subgraph === 'catalogue') ? r : null;
    }, 30_000, 'subgraph fetches');
    expect(fetches.find((s) => s.metric.subgraph === 'catalogue')).toBeDefined();
    await until(async () => ((await query('sum(lbf_graphql_operations_total{service="catalogue"})')).length ? true : null), 30_000, 'catalogue operations');

    // The machinery every service reports, and the process figures.
    // Waited for, not read once: on a busy machine one scrape can outlast its timeout, and
    // Prometheus then marks that service's series stale until the next scrape succeeds.
    const everyService = ['analytics', 'catalogue', 'commerce', 'identity', 'messaging'];
    for (const series of ['lbf_outbox_backlog', 'lbf_queue_jobs', 'lbf_process_resident_memory_bytes']) {
      const services = await until(async () => {
        const found = new Set((await query(series)).map((s) => s.metric.service));
        return everyService.every((name) => found.has(name)) ? found : null;
      }, 30_000, `${series} from every service`).catch(async () => new Set((await query(series)).map((s) => s.metric.service)));
      expect([...services].sort()).toEqual(expect.arrayContaining(everyService));
    }

    // The alert rules are loaded.
    const rules = (await (await fetch(`${api}/api/v1/rules`)).json()) as { data: { groups: Array<{ name: string; rules: Array<{ name: string }> }> } };
    const names = rules.data.groups.flatMap((g) => g.rules.map((r) => r.name));
    expect(names).toEqual(expect.arrayContaining(['LbfPaymentsStuck', 'LbfOutboxGrowing', 'LbfEventsParked', 'LbfMailFailing']));
  }, 180_000);

  it('does not serve /metrics on the public port', async () => {
    // The site answers it as any unknown page (here 503: this test's gateway has no built web app).
    const res = await fetch(new URL('/metrics', stack.gateway.url));
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain('lbf_graphql_operations_total');
  });
});
