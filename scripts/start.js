#!/usr/bin/env node
'use strict';
/** `npm start`: builds what is stale, provisions, starts every service and the gateway, prints where to go. */
const { startStack } = require('./lib/stack');
const { supervise } = require('./lib/supervise');

(async () => {
  let stack;
  try {
    // PUBLIC_URL, when set, is the one address printed here and given to every process.
    stack = await startStack({ publicUrl: process.env.PUBLIC_URL || undefined });
  } catch (err) {
    console.error(`\nLBF n'a pas pu démarrer:\n${err.message}\n`);
    process.exit(1);
  }
  const { url, demo, logDir, paymentSandboxUrl, mailCatcherUrl } = stack;
  const sandboxLine = paymentSandboxUrl
    ? `\n  Paiements simulés (téléphone de test) : ${paymentSandboxUrl}/phone?msisdn=237690000000   (le numéro saisi au paiement)`
    : '';
  // Only when the stack runs the local catcher (no SMTP_URL given): mails then go nowhere else.
  const mailLine = mailCatcherUrl ? `\n  E-mails envoyés (boîte locale) : ${mailCatcherUrl}` : '';
  console.log(`
  LBF est prêt: ${url}

  Administrateur de démonstration : ${demo.admin.email} / ${demo.admin.password}   (${url}/admin/login)
  Client de démonstration         : ${demo.customer.email} / ${demo.customer.password}   (${url}/auth)
  Vidéos de démonstration : en préparation pour le streaming (environ une minute la première fois) ;
    elles apparaissent au catalogue une fois prêtes, progression visible dans ${url}/admin/videos
  Journaux des services: ${logDir}${sandboxLine}${mailLine}
  Ctrl+C pour arrêter.
`);
  supervise(stack, { onStop: () => console.log('\nArrêt de LBF…') });
})();
