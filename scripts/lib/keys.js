'use strict';
/** The access-token key pair: identity signs with the private key, every service verifies with the public one. */
const { generateKeyPairSync } = require('node:crypto');
const { existsSync, mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

function ensureKeys(dir) {
  const privatePath = join(dir, 'auth-private.pem');
  const publicPath = join(dir, 'auth-public.pem');
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    writeFileSync(privatePath, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(publicPath, publicKey.export({ type: 'spki', format: 'pem' }));
  }
  return { privatePath, publicPath };
}

/** A random secret kept in a file (created once), e.g. the key that signs media URLs. */
function ensureSecret(path) {
  if (!existsSync(path)) {
    mkdirSync(require('node:path').dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(path, require('node:crypto').randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return require('node:fs').readFileSync(path, 'utf8').trim();
}

module.exports = { ensureKeys, ensureSecret };
