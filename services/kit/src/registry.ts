import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ServiceEntry {
  /** Also the subgraph's name in the supergraph and the directory under services/. */
  name: string;
  /** Default port (local and in the manifests). */
  port: number;
  /** The service's own Postgres schema, owned by role lbf_<schema>. */
  schema: string;
}

/**
 * services/kit/services.json, read from src/ or dist/ alike. A new service adds itself there and
 * everything that lists services (gateway defaults, stack, provisioning, tests) follows.
 */
export const SERVICE_REGISTRY: readonly ServiceEntry[] = (
  JSON.parse(readFileSync(join(__dirname, '..', 'services.json'), 'utf8')) as { services: ServiceEntry[] }
).services;

export function serviceByName(name: string): ServiceEntry {
  const entry = SERVICE_REGISTRY.find((s) => s.name === name);
  if (!entry) throw new Error(`No service named ${name} in services/kit/services.json`);
  return entry;
}

/** "identity=http://127.0.0.1:4101/graphql,…": every registered subgraph on its default port. */
export function defaultSubgraphList(host = '127.0.0.1'): string {
  return SERVICE_REGISTRY.map((s) => `${s.name}=http://${host}:${s.port}/graphql`).join(',');
}
