import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultSubgraphList, SERVICE_REGISTRY } from './registry';

const ROOT = join(__dirname, '..', '..', '..');
const read = (...parts: string[]) => readFileSync(join(ROOT, ...parts), 'utf8');

/** The compose file's block of one service: from "  <name>:" to the next top-level service. */
function composeBlock(compose: string, name: string): string {
  const start = compose.indexOf(`\n  ${name}:\n`);
  if (start < 0) return '';
  const rest = compose.slice(start + 1);
  const next = rest.slice(1).search(/\n {2}[a-z][a-z0-9-]*:\n/);
  return next < 0 ? rest : rest.slice(0, next + 1);
}

describe('the service registry', () => {
  it('lists each service once, with its own port and schema, and a service directory', () => {
    const names = SERVICE_REGISTRY.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(SERVICE_REGISTRY.map((s) => s.port)).size).toBe(names.length);
    for (const s of SERVICE_REGISTRY) expect(existsSync(join(ROOT, 'services', s.name, 'src', 'database.ts'))).toBe(true);
    expect(SERVICE_REGISTRY).toEqual([
      { name: 'identity', port: 4101, schema: 'identity' },
      { name: 'catalogue', port: 4102, schema: 'catalogue' },
      { name: 'commerce', port: 4103, schema: 'commerce' },
      { name: 'messaging', port: 4104, schema: 'messaging' },
      { name: 'analytics', port: 4105, schema: 'analytics' },
    ]);
  });

  it('gives the gateway every subgraph by default', () => {
    expect(defaultSubgraphList()).toBe(
      'identity=http://127.0.0.1:4101/graphql,catalogue=http://127.0.0.1:4102/graphql,commerce=http://127.0.0.1:4103/graphql,messaging=http://127.0.0.1:4104/graphql,analytics=http://127.0.0.1:4105/graphql',
    );
  });

  it('agrees with docker-compose.yml: each service on its port, its own role, and in the gateway\'s SUBGRAPHS', () => {
    const compose = read('docker-compose.yml');
    const subgraphs = /SUBGRAPHS: (\S+)/.exec(compose)?.[1] ?? '';
    for (const s of SERVICE_REGISTRY) {
      const block = composeBlock(compose, s.name);
      expect(block).toContain(`services/${s.name}/dist/main.js`);
      expect(block).toContain(`PORT: ${s.port}`);
      expect(block).toContain(`postgres://lbf_${s.schema}:`);
      expect(block).toContain(`http://127.0.0.1:${s.port}/ready`);
      expect(subgraphs.split(',')).toContain(`${s.name}=http://${s.name}:${s.port}/graphql`);
    }
  });

  it('agrees with deploy/k8s/base: a manifest per service on its port, listed in the kustomization and the gateway\'s SUBGRAPHS', () => {
    const kustomization = read('deploy', 'k8s', 'base', 'kustomization.yaml');
    const subgraphs = /SUBGRAPHS=(\S+)/.exec(kustomization)?.[1] ?? '';
    for (const s of SERVICE_REGISTRY) {
      const manifest = read('deploy', 'k8s', 'base', `${s.name}.yaml`);
      expect(kustomization).toContain(`- ${s.name}.yaml`);
      expect(manifest).toContain(`services/${s.name}/dist/main.js`);
      expect(manifest).toContain(`containerPort: ${s.port}`);
      expect(manifest).toContain(`value: "${s.port}"`);
      expect(subgraphs.split(',')).toContain(`${s.name}=http://${s.name}:${s.port}/graphql`);
    }
  });

  it('agrees with deploy/Dockerfile: every workspace\'s package file before the install, every service\'s port exposed', () => {
    const dockerfile = read('deploy', 'Dockerfile');
    const { workspaces } = JSON.parse(read('package.json')) as { workspaces: string[] };
    const copied = [...dockerfile.matchAll(/^COPY (\S+)\/package\.json \1\/$/gm)].map((m) => m[1]);
    expect(copied.sort()).toEqual([...workspaces].sort());
    const exposed = /^EXPOSE (.+)$/m.exec(dockerfile)?.[1].split(/\s+/).map(Number) ?? [];
    for (const s of SERVICE_REGISTRY) expect(exposed).toContain(s.port);
  });

  it('agrees with the containers\' database initialisation: a schema and role per service', () => {
    const init = read('deploy', 'postgres-init.sql');
    for (const s of SERVICE_REGISTRY) expect(init).toContain(`'${s.schema}'`);
  });
});
