// The web app's trusted documents (issue 24 point 6): every operation of web/src, as Apollo Client
// sends it, registered under the SHA-256 of its text in dist-manifest/persisted-query-manifest.json
// by Apollo's own generator (config: persisted-query-manifest.config.json). The gateway reads it
// (TRUSTED_DOCUMENTS) and in production accepts from browsers only these documents, by hash.
// Outside dist/: the gateway serves dist/ to everyone, and the list is the server's, not a page's.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const { output } = JSON.parse(readFileSync(join(web, 'persisted-query-manifest.config.json'), 'utf8'));
mkdirSync(dirname(join(web, output)), { recursive: true });
const cli = join(dirname(createRequire(import.meta.url).resolve('@apollo/generate-persisted-query-manifest/package.json')), 'cli.js');
const run = spawnSync(process.execPath, [cli], { cwd: web, stdio: 'inherit' });
process.exit(run.status ?? 1);
