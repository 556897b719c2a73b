import { existsSync, readFileSync } from 'node:fs';

/** Accepts either PEM text or a path to a PEM file, so keys can come from a secret or a mounted file. */
export function readPem(value: string): string {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  if (existsSync(value)) return readFileSync(value, 'utf8');
  throw new Error(`Not a PEM key and no file at ${value}`);
}
