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
