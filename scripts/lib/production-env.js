'use strict';
/**
 * What `npm run start:prod` requires of the environment before it starts anything (issue 22): every
 * secret set, long enough, and none of the development ones (those `npm start` keeps in .data/keys,
 * the placeholders of docker-compose.yml); real mail and at least one real payment provider; the
 * site on https. Returns the problems, one line each, in the operator's words; empty when all is well.
 */
const { existsSync, readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

/** The secrets every production start needs, and what each is for. */
const SECRETS = {
  SUBGRAPH_SECRET: 'the gateway’s credential towards the services',
  MEDIA_SIGNING_SECRET: 'signs the streaming and download links',
  MAIL_LINK_SECRET: 'signs the links in mails (unsubscribe, confirmation)',
};
const MIN_SECRET_LENGTH = 32;

/** Each payment provider's variables; at least one provider must be complete. */
const PROVIDERS = {
  NotchPay: ['NOTCHPAY_PUBLIC_KEY', 'NOTCHPAY_WEBHOOK_HASH_KEY'],
  'MTN Mobile Money': ['MTN_MOMO_API_USER', 'MTN_MOMO_API_KEY', 'MTN_MOMO_SUBSCRIPTION_KEY'],
  'Orange Money': ['ORANGE_MONEY_USERNAME', 'ORANGE_MONEY_PASSWORD', 'ORANGE_MONEY_AUTH_TOKEN', 'ORANGE_MONEY_CHANNEL_MSISDN', 'ORANGE_MONEY_PIN'],
};

/** Values that are known to everyone: docker-compose.yml's placeholders and `npm start`'s own files. */
function developmentValues(root) {
  const values = new Set();
  const compose = join(root, 'docker-compose.yml');
  if (existsSync(compose)) {
    for (const m of readFileSync(compose, 'utf8').matchAll(/(?:SECRET|PASSWORD|KEY)[A-Z_]*:\s*(?:\$\{[A-Z_]+:-)?([^\s}]+)/g)) values.add(m[1]);
  }
  const keys = join(root, '.data', 'keys');
  if (existsSync(keys)) for (const f of readdirSync(keys)) values.add(readFileSync(join(keys, f), 'utf8').trim());
  return values;
}

/** A PEM given inline or as a path, as the services read it. */
function pemOf(value) {
  if (!value) return '';
  if (value.includes('-----BEGIN')) return value.trim();
  return existsSync(value) ? readFileSync(value, 'utf8').trim() : '';
}

function checkProductionEnv(env, root) {
  const problems = [];
  const dev = developmentValues(root);
  const need = (name, why) => {
    if (!env[name]) problems.push(`${name} manque : ${why}.`);
    return Boolean(env[name]);
  };

  if (need('PUBLIC_URL', 'l’adresse publique du site, https://…') && !/^https:\/\//.test(env.PUBLIC_URL)) {
    problems.push(`PUBLIC_URL doit être en https:// en production (reçu ${env.PUBLIC_URL}).`);
  }
  need('DATABASE_URL', 'PostgreSQL, une URL d’administrateur (un rôle et un schéma par service)');
  need('NATS_URL', 'NATS JetStream');
  need('REDIS_URL', 'Redis');
  for (const [name, why] of Object.entries(SECRETS)) {
    if (!need(name, why)) continue;
    if (env[name].length < MIN_SECRET_LENGTH) problems.push(`${name} est trop court : au moins ${MIN_SECRET_LENGTH} caractères aléatoires.`);
    else if (dev.has(env[name])) problems.push(`${name} est un secret de développement (npm start ou docker-compose.yml) : générez-en un.`);
  }
  for (const name of ['AUTH_PRIVATE_KEY', 'AUTH_PUBLIC_KEY']) {
    if (!need(name, 'la paire de clés des jetons (PEM ou chemin du fichier)')) continue;
    const pem = pemOf(env[name]);
    if (!pem) problems.push(`${name} : ni un PEM ni un fichier lisible.`);
    else if (dev.has(pem)) problems.push(`${name} est la clé de développement de npm start (.data/keys) : générez une paire de clés.`);
  }
  need('SMTP_URL', 'le fournisseur d’e-mails, smtp://utilisateur:motdepasse@hôte:587');
  need('MAIL_FROM', 'l’expéditeur des e-mails, « LBF <no-reply@votre-domaine> »');
  if (env.PAYMENT_SANDBOX_URL) problems.push('PAYMENT_SANDBOX_URL est défini : le simulateur de paiement ne sert qu’en développement.');
  const complete = Object.entries(PROVIDERS).filter(([, vars]) => vars.every((v) => env[v]));
  if (complete.length === 0) {
    problems.push(`Aucun moyen de paiement configuré : renseignez au moins ${Object.entries(PROVIDERS).map(([p, vars]) => `${p} (${vars.join(', ')})`).join(' ou ')}.`);
  }
  return problems;
}

module.exports = { checkProductionEnv, PROVIDERS, SECRETS };
