#!/usr/bin/env node
'use strict';
/**
 * `npm run start:prod`: LBF in production on one machine, from the environment only. Refuses to
 * start while a variable is missing or a secret is a development one (scripts/lib/production-env.js),
 * builds what is stale with the supergraph composed from the SDL files (the gateway never
 * introspects), runs each service's migrations once, then starts the services (waiting for those
 * migrations, MIGRATIONS=wait) and the gateway, and prints what runs where. No demo content, no
 * payment simulator, no local mail catcher. A cluster deploys the same image instead (README, "Deploying").
 */
const { join } = require('node:path');
const { checkProductionEnv } = require('./lib/production-env');
const { root } = require('./lib/build');
const { startStack, SERVICES } = require('./lib/stack');
const { supervise } = require('./lib/supervise');

const env = process.env;
const problems = checkProductionEnv(env, root);
if (problems.length) {
  console.error(`\nLBF ne démarre pas en production :\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  process.exit(1);
}

(async () => {
  let stack;
  try {
    stack = await startStack({
      production: true,
      publicUrl: env.PUBLIC_URL,
      databaseAdminUrl: env.DATABASE_URL,
      redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'lbf',
      seedDemo: false,
      paymentSandbox: false,
      mailCatcher: false,
      migrateFirst: true,
      dataDir: env.LBF_DATA_DIR ?? join(root, '.data', 'production'),
      secrets: {
        subgraphSecret: env.SUBGRAPH_SECRET,
        mediaSigningSecret: env.MEDIA_SIGNING_SECRET,
        mailLinkSecret: env.MAIL_LINK_SECRET,
        authPrivateKey: env.AUTH_PRIVATE_KEY,
        authPublicKey: env.AUTH_PUBLIC_KEY,
      },
    });
  } catch (err) {
    console.error(`\nLBF n'a pas pu démarrer:\n${err.message}\n`);
    process.exit(1);
  }
  const rows = [
    ...SERVICES.map((s) => [s.name, `http://127.0.0.1:${s.port}`, `node services/${s.name}/dist/main.js`]),
    ['gateway', `${stack.url} (port ${stack.port})`, 'node gateway/dist/main.js (supergraph gateway/dist/supergraph.graphql)'],
  ];
  console.log(`
  LBF est prêt (production) : ${stack.url}

  ${rows.map(([name, where, cmd]) => `${name.padEnd(10)} ${where.padEnd(40)} ${cmd}`).join('\n  ')}

  Migrations appliquées une fois avant le démarrage ; journaux : ${stack.logDir}
  Aucun contenu de démonstration, aucun simulateur de paiement, aucune boîte mail locale.
  Ctrl+C (SIGTERM) pour arrêter : chaque service termine ses requêtes et ses tâches en cours.
`);
  supervise(stack, { onStop: () => console.log('\nArrêt de LBF…') });
})();
