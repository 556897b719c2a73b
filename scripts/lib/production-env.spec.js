'use strict';
/* global describe, it, expect */
const { generateKeyPairSync, randomBytes } = require('node:crypto');
const { mkdtempSync, mkdirSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { checkProductionEnv } = require('./production-env');

/** A project folder with npm start's development secrets and a compose file's placeholders. */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'lbf-prod-env-'));
  mkdirSync(join(root, '.data', 'keys'), { recursive: true });
  writeFileSync(join(root, '.data', 'keys', 'subgraph-secret'), 'dev-subgraph-secret-0123456789abcdefghijkl');
  const dev = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  writeFileSync(join(root, '.data', 'keys', 'auth-public.pem'), dev.publicKey.export({ type: 'spki', format: 'pem' }));
  writeFileSync(join(root, 'docker-compose.yml'), 'x-env:\n  SUBGRAPH_SECRET: change-me-to-32-random-characters-subgraph\n  MAIL_LINK_SECRET: ${MAIL_LINK_SECRET:-compose-mail-link-secret-0123456789abcd}\n');
  return { root, devPublicPem: dev.publicKey.export({ type: 'spki', format: 'pem' }) };
}

function goodEnv() {
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    PUBLIC_URL: 'https://lbf.example',
    DATABASE_URL: 'postgres://admin:x@db:5432/postgres',
    NATS_URL: 'nats://nats:4222',
    REDIS_URL: 'redis://redis:6379',
    SUBGRAPH_SECRET: randomBytes(32).toString('base64url'),
    MEDIA_SIGNING_SECRET: randomBytes(32).toString('base64url'),
    MAIL_LINK_SECRET: randomBytes(32).toString('base64url'),
    AUTH_PRIVATE_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    AUTH_PUBLIC_KEY: keys.publicKey.export({ type: 'spki', format: 'pem' }),
    SMTP_URL: 'smtp://user:pass@smtp.example:587',
    MAIL_FROM: 'LBF <no-reply@lbf.example>',
    NOTCHPAY_PUBLIC_KEY: 'pk.live',
    NOTCHPAY_WEBHOOK_HASH_KEY: 'hash',
  };
}

describe('npm run start:prod refuses what is not production', () => {
  it('accepts a complete environment with its own secrets', () => {
    expect(checkProductionEnv(goodEnv(), project().root)).toEqual([]);
  });

  it('names each missing variable', () => {
    const problems = checkProductionEnv({}, project().root);
    for (const name of ['PUBLIC_URL', 'DATABASE_URL', 'SUBGRAPH_SECRET', 'MEDIA_SIGNING_SECRET', 'MAIL_LINK_SECRET', 'AUTH_PRIVATE_KEY', 'SMTP_URL', 'MAIL_FROM']) {
      expect(problems.some((p) => p.startsWith(`${name} manque`))).toBe(true);
    }
    expect(problems.some((p) => p.startsWith('Aucun moyen de paiement configuré'))).toBe(true);
  });

  it('refuses npm start’s secrets and key, compose’s placeholders, short secrets, http and the payment simulator', () => {
    const { root, devPublicPem } = project();
    const env = {
      ...goodEnv(),
      PUBLIC_URL: 'http://lbf.example',
      SUBGRAPH_SECRET: 'dev-subgraph-secret-0123456789abcdefghijkl',
      MAIL_LINK_SECRET: 'compose-mail-link-secret-0123456789abcd',
      MEDIA_SIGNING_SECRET: 'court',
      AUTH_PUBLIC_KEY: devPublicPem,
      PAYMENT_SANDBOX_URL: 'http://127.0.0.1:4106',
    };
    const problems = checkProductionEnv(env, root);
    expect(problems).toEqual([
      'PUBLIC_URL doit être en https:// en production (reçu http://lbf.example).',
      'SUBGRAPH_SECRET est un secret de développement (npm start ou docker-compose.yml) : générez-en un.',
      'MEDIA_SIGNING_SECRET est trop court : au moins 32 caractères aléatoires.',
      'MAIL_LINK_SECRET est un secret de développement (npm start ou docker-compose.yml) : générez-en un.',
      'AUTH_PUBLIC_KEY est la clé de développement de npm start (.data/keys) : générez une paire de clés.',
      'PAYMENT_SANDBOX_URL est défini : le simulateur de paiement ne sert qu’en développement.',
    ]);
  });

  it('wants one payment provider complete, not half of one', () => {
    const env = { ...goodEnv(), NOTCHPAY_WEBHOOK_HASH_KEY: undefined, MTN_MOMO_API_USER: 'u' };
    expect(checkProductionEnv(env, project().root).some((p) => p.startsWith('Aucun moyen de paiement configuré'))).toBe(true);
  });
});
