import { createContext } from 'react';
import { queryKey } from './operation-name';

/**
 * The answers a server-rendered page was rendered with, one per query (operation name and
 * variables), handed to the browser in the page's data block (apollo/ssr-state.ts). The hydrating
 * render reads them, so a public page becomes live without Apollo Client (~55 kB gzip) and without
 * asking the network again: Apollo is fetched when something needs it (data/apollo.ts).
 */
export interface SeedAnswer {
  operationName: string;
  variables: Record<string, unknown>;
  data: unknown;
  /**
   * The query failed on the server (a service down): the page shows it so (the home's counters say
   * « Indisponible »), and the hydrating render must show the same, not a loading state.
   */
  error?: string;
}

/** On the server: where each useQuery of the render puts its answer (entry-server.tsx reads it). */
export const SeedCollectorContext = createContext<Map<string, SeedAnswer> | null>(null);

const seeds = new Map<string, SeedAnswer>();

export function plantSeeds(answers: readonly SeedAnswer[]): void {
  for (const answer of answers) seeds.set(queryKey(answer.operationName, answer.variables), answer);
}

export function seedFor(key: string): SeedAnswer | undefined {
  return seeds.get(key);
}

/** The answer has been written into Apollo's cache, which answers from now on. */
export function consumeSeed(key: string): void {
  seeds.delete(key);
}

/**
 * Someone signed in: the answers were rendered for a visitor (a video's `purchased` flag, say), so
 * no page shown from now on may start from them.
 */
export function dropSeeds(): void {
  seeds.clear();
}
