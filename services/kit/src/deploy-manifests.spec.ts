import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { SERVICE_REGISTRY } from './registry';

/**
 * The Kubernetes manifests an operator applies, rendered offline as `kubectl kustomize` renders them
 * and validated against the Kubernetes OpenAPI schemas (kubernetes-models ships them), for the base
 * and for the overlay that `npm run test:containers` boots with podman.
 */
const ROOT = join(__dirname, '..', '..', '..');

type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; spec?: Record<string, unknown> };

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
    command: string[];
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

  it.each(parts)('%s: rolls one pod at a time, probes /ready, drains before SIGTERM, sized, scraped', (name) => {
    const d = deployment(name);
    const c = d.template.spec.containers[0]!;
    expect(d.strategy.rollingUpdate.maxUnavailable).toBe(0);
    expect(c.startupProbe).toBeDefined();
    expect(c.readinessProbe!.httpGet.path).toBe('/ready');
    expect(c.lifecycle?.preStop).toBeDefined();
    // The kit's shutdown deadline (15 s) and the preStop pause (5 s) fit in the grace period.
    expect(d.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(25);
    expect(c.resources?.requests?.memory).toMatch(/Mi$/);
    expect(c.resources?.limits?.memory).toMatch(/Mi$/);
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
