import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_SUBGRAPH_PORTS, DEFAULT_SUPERGRAPH_FILE, REPO_ROOT } from '../config';

export interface SubgraphSource {
  name: string;
  url: string;
  sdl: string;
}

export type CompositionOutcome = { ok: true; supergraphSdl: string; hints: string[] } | { ok: false; errors: string[] };

/** Every `services/<name>/src/schema.graphql`, with the URL that service listens on by default. */
export function readSubgraphSources(servicesDir = join(REPO_ROOT, 'services')): SubgraphSource[] {
  return readdirSync(servicesDir)
    .sort()
    .filter((name) => existsSync(join(servicesDir, name, 'src', 'schema.graphql')))
    .map((name) => {
      const port = DEFAULT_SUBGRAPH_PORTS[name];
      if (!port) throw new Error(`services/${name} has a schema.graphql but no default port in gateway/src/config.ts`);
      return { name, url: `http://127.0.0.1:${port}/graphql`, sdl: readFileSync(join(servicesDir, name, 'src', 'schema.graphql'), 'utf8') };
    });
}

/** Composes subgraph SDLs into a supergraph with Apollo's composition (the same rules the gateway applies). */
export function composeSupergraph(sources: SubgraphSource[]): CompositionOutcome {
  const parseErrors: string[] = [];
  const services = sources.flatMap((s) => {
    try {
      return [{ name: s.name, url: s.url, typeDefs: parse(s.sdl) }];
    } catch (err) {
      parseErrors.push(`${s.name}: ${(err as Error).message}`);
      return [];
    }
  });
  if (parseErrors.length) return { ok: false, errors: parseErrors };
  const result = composeServices(services);
  if (result.errors) return { ok: false, errors: result.errors.map((e) => e.message) };
  return { ok: true, supergraphSdl: result.supergraphSdl, hints: result.hints.map((h) => h.toString()) };
}

/** `npm run compose -w @lbf/gateway`: writes gateway/dist/supergraph.graphql or exits 1 naming each error. */
export function main(out = DEFAULT_SUPERGRAPH_FILE): void {
  const sources = readSubgraphSources();
  const outcome = composeSupergraph(sources);
  if (!outcome.ok) {
    process.stderr.write(`Composition of ${sources.map((s) => s.name).join(', ')} failed:\n${outcome.errors.map((e) => `  - ${e}`).join('\n')}\n`);
    process.exit(1);
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, outcome.supergraphSdl);
  process.stdout.write(`Supergraph of ${sources.map((s) => s.name).join(', ')} written to ${out}\n`);
}

if (require.main === module) main(process.argv[2]);
