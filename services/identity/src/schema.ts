import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The SDL is the source of truth; read from src/ both when running from src (tests) and from dist. */
export const typeDefs = readFileSync(join(__dirname, '..', 'src', 'schema.graphql'), 'utf8');
