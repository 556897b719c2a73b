'use strict';
/**
 * Keeps a started stack in the foreground (`npm start`, `npm run start:prod`): one part that exits
 * stops the others and the command (exit 1); Ctrl+C or SIGTERM stops them all, each service draining
 * its requests and jobs first (exit 0).
 */
function supervise(stack, { onStop = () => {} } = {}) {
  let shuttingDown = false;
  for (const { name, child } of stack.children) {
    child.once('exit', (code, signal) => {
      if (shuttingDown) return;
      console.error(`Le processus ${name} s'est arrêté (code ${code ?? signal}); arrêt de LBF.`);
      void stack.stop().then(() => process.exit(1));
    });
  }
  const shutdown = () => {
    if (shuttingDown) return;
    shuttingDown = true;
    onStop();
    void stack.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

module.exports = { supervise };
