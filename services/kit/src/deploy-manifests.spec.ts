import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { MIGRATE_POOL_MAX } from './database';
import { DEFAULT_SHUTDOWN_DELAY_MS } from './env';
import { SHUTDOWN_DEADLINE_MS } from './lifecycle';
import { SERVICE_REGISTRY } from './registry';

/**
 * The Kubernetes manifests an operator applies, rendered offline as `kubectl kustomize` renders them
 * and validated against the Kubernetes OpenAPI schemas (kubernetes-models ships them), for the base
 * and for the overlay that `npm run test:containers` boots with podman.
 */
const ROOT = join(__dirname, '..', '..', '..');

type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; spec?: Record<string, unknown> };

/**
 * PostgreSQL's max_connections a deployment of LBF is sized for (README, Deploying), and the part of
 * it kept for administrators, backups and monitoring: the pods at their autoscalers' maximum and a
 * release's migration Jobs must fit in the rest.
 */
const POSTGRES_MAX_CONNECTIONS = 300;
const POSTGRES_RESERVED_CONNECTIONS = 20;

/** A memory quantity (Mi or Gi) in MiB. */
function mebibytes(quantity: string): number {
  const m = /^(\d+)(Mi|Gi)$/.exec(quantity);
  if (!m) throw new Error(`not a memory quantity in Mi or Gi: ${quantity}`);
  return Number(m[1]) * (m[2] === 'Gi' ? 1024 : 1);
}

function render(overlay: string): Manifest[] {
  const out = execFileSync('kubectl', ['kustomize', join(ROOT, 'deploy', 'k8s', overlay)], { encoding: 'utf8' });
  return parseAllDocuments(out).map((d) => d.toJS() as Manifest);
}

/** The kubernetes-models class of a manifest's apiVersion and kind (apps/v1 Deployment → kubernetes-models/apps/v1/Deployment). */
function modelOf(m: Manifest): { new (data: unknown): { validate(): void } } {
  const [group, version] = m.apiVersion.includes('/') ? m.apiVersion.split('/') : ['', m.apiVersion];
  const dir = group ? `${group}/${version}` : version;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(`kubernetes-models/${dir}/${m.kind}`) as Record<string, { new (data: unknown): { validate(): void } }>;
  return mod[m.kind];
}

describe.each(['base', 'podman'])('deploy/k8s/%s rendered', (overlay) => {
  const manifests = render(overlay);

  it('is valid against the Kubernetes schemas, document by document', () => {
    expect(manifests.length).toBeGreaterThan(10);
    for (const m of manifests) {
      const Model = modelOf(m);
      expect(() => new Model(m).validate()).not.toThrow();
    }
  });

  it('runs each part of the registry and the gateway as a Deployment with readiness and liveness probes', () => {
    const deployments = manifests.filter((m) => m.kind === 'Deployment').map((m) => m.metadata.name);
    expect(deployments.sort()).toEqual(['gateway', ...SERVICE_REGISTRY.map((s) => s.name)].sort());
  });
});

describe('what an operator expects of each part (deploy/k8s/base)', () => {
  const manifests = render('base');
  const parts = ['gateway', ...SERVICE_REGISTRY.map((s) => s.name)];
  type Container = {
    name: string;
    command: string[];
    env?: Array<{ name: string; value?: string }>;
    startupProbe?: unknown;
    readinessProbe?: { httpGet: { path: string } };
    lifecycle?: { preStop?: unknown };
    resources?: { requests?: { memory?: string; cpu?: string }; limits?: { memory?: string } };
  };
  const deployment = (name: string) =>
    manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === name)!.spec as {
      strategy: { rollingUpdate: { maxUnavailable: number } };
      template: { metadata: { annotations: Record<string, string> }; spec: { terminationGracePeriodSeconds: number; containers: Container[] } };
    };

  // The pause after SIGTERM (SHUTDOWN_DELAY_MS in lbf-config, else the production default) and the shutdown deadline after it.
  const config = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name.startsWith('lbf-config')) as unknown as { data: Record<string, string> };
  const shutdownDelayMs = Number(config.data.SHUTDOWN_DELAY_MS ?? DEFAULT_SHUTDOWN_DELAY_MS.production);

  it.each(parts)('%s: rolls one pod at a time, probes /ready, drains after SIGTERM within its grace period, sized, scraped', (name) => {
    const d = deployment(name);
    const c = d.template.spec.containers[0]!;
    expect(d.strategy.rollingUpdate.maxUnavailable).toBe(0);
    expect(c.startupProbe).toBeDefined();
    expect(c.readinessProbe!.httpGet.path).toBe('/ready');
    // The process pauses itself (its /ready at 503 while it serves on): no preStop sleep on top.
    expect(c.lifecycle?.preStop).toBeUndefined();
    expect(shutdownDelayMs).toBeGreaterThanOrEqual(DEFAULT_SHUTDOWN_DELAY_MS.production);
    // The pause and the kit's shutdown deadline fit in the grace period, with room to spare before SIGKILL.
    expect(d.template.spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(shutdownDelayMs + SHUTDOWN_DEADLINE_MS);
    // Sized from measured memory (sizing.yaml): a request the pod is scheduled with, a higher limit it is killed above.
    expect(c.resources?.requests?.cpu).toMatch(/^\d+m$/);
    expect(mebibytes(c.resources!.requests!.memory!)).toBeLessThan(mebibytes(c.resources!.limits!.memory!));
    expect(d.template.metadata.annotations['prometheus.io/scrape']).toBe('true');
  });

  it.each(parts)('%s: has an autoscaler and a disruption budget that keep two replicas and one up', (name) => {
    const hpa = manifests.find((m) => m.kind === 'HorizontalPodAutoscaler' && m.metadata.name === name)?.spec as { minReplicas: number; scaleTargetRef: { name: string } };
    const pdb = manifests.find((m) => m.kind === 'PodDisruptionBudget' && m.metadata.name === name)?.spec as { minAvailable: number; selector: { matchLabels: { app: string } } };
    expect(hpa.scaleTargetRef.name).toBe(name);
    expect(hpa.minReplicas).toBeGreaterThanOrEqual(2);
    expect(pdb.minAvailable).toBe(1);
    expect(pdb.selector.matchLabels.app).toBe(name);
  });

  it('sizes every part from one table (sizing.yaml): a part file declares no resources or pool of its own', () => {
    const table = parseAllDocuments(readFileSync(join(ROOT, 'deploy', 'k8s', 'base', 'sizing.yaml'), 'utf8')).map((d) => d.toJS() as Manifest);
    const rows = table.map((m) => m.metadata.name);
    expect([...rows].sort()).toEqual([...parts].sort());
    for (const name of parts) {
      const [own] = parseAllDocuments(readFileSync(join(ROOT, 'deploy', 'k8s', 'base', `${name}.yaml`), 'utf8'))
        .map((d) => d.toJS() as Manifest)
        .filter((m) => m.kind === 'Deployment');
      const container = (own!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
      expect(container.resources).toBeUndefined();
      expect((container.env ?? []).map((e) => e.name)).not.toContain('DB_POOL_MAX');
      const row = (table.find((m) => m.metadata.name === name)!.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
      expect(deployment(name).template.spec.containers[0]!.resources).toEqual(row.resources);
    }
  });

  it("fits Postgres' connection budget: each service's pool × its autoscaler's maximum, plus the migration Jobs", () => {
    let total = 0;
    const lines: string[] = [];
    for (const { name } of SERVICE_REGISTRY) {
      const pool = Number(deployment(name).template.spec.containers[0]!.env?.find((e) => e.name === 'DB_POOL_MAX')?.value);
      expect(Number.isInteger(pool) && pool >= 1).toBe(true);
      const hpa = manifests.find((m) => m.kind === 'HorizontalPodAutoscaler' && m.metadata.name === name)!.spec as { maxReplicas: number };
      total += pool * hpa.maxReplicas;
      lines.push(`${name} ${hpa.maxReplicas} × ${pool}`);
    }
    const jobs = manifests.filter((m) => m.kind === 'Job' && m.metadata.name.endsWith('-migrate')).length;
    expect(jobs).toBe(SERVICE_REGISTRY.length);
    total += jobs * MIGRATE_POOL_MAX;
    const budget = POSTGRES_MAX_CONNECTIONS - POSTGRES_RESERVED_CONNECTIONS;
    if (total > budget) throw new Error(`${total} connections at the autoscalers' maximum (${lines.join(', ')}; ${jobs} Jobs × ${MIGRATE_POOL_MAX}) > ${budget}`);
    expect(total).toBeLessThanOrEqual(budget);
  });

  it.each(SERVICE_REGISTRY.map((s) => s.name))('%s: migrates once per release in a Job, its replicas waiting for it', (name) => {
    const job = manifests.find((m) => m.kind === 'Job' && m.metadata.name === `${name}-migrate`)?.spec as { template: { spec: { containers: Container[] } } };
    expect(job.template.spec.containers[0]!.command).toEqual(['node', `services/${name}/dist/main.js`, '--migrate']);
    expect(deployment(name).template.spec.containers[0]!.command).not.toContain('--migrate');
    const config = manifests.find((m) => m.kind === 'ConfigMap') as unknown as { data: Record<string, string> };
    expect(config.data.MIGRATIONS).toBe('wait');
  });
});

it('the podman overlay runs one replica of each part, from the image the container test builds, on loopback', () => {
  const manifests = render('podman');
  for (const d of manifests.filter((m) => m.kind === 'Deployment')) {
    const spec = d.spec as { replicas: number; template: { spec: { containers: Array<{ image: string }> } } };
    expect(spec.replicas).toBe(1);
    expect(spec.template.spec.containers[0].image).toBe('localhost/lbf:test');
  }
  const config = manifests.find((m) => m.kind === 'ConfigMap') as unknown as { data: Record<string, string> };
  expect(config.data.SUBGRAPHS).toBe(SERVICE_REGISTRY.map((s) => `${s.name}=http://127.0.0.1:${s.port}/graphql`).join(','));
});
