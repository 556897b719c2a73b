import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The SDL is the contract; read from src/ whether we run from src/ (tests) or dist/. */
export const typeDefs = readFileSync(join(__dirname, '..', 'src', 'schema.graphql'), 'utf8');
