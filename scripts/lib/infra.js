'use strict';
/** Checks that Postgres, NATS and Redis answer, and says how to start any that does not. */
const net = require('node:net');

const HOW_TO_START = {
  PostgreSQL: "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start",
  NATS: 'start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log',
  Redis: 'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no',
};

function reachable(url, fallbackPort) {
  const u = new URL(url.split(',')[0]);
  const port = Number(u.port || fallbackPort);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port, timeout: 1500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

async function checkInfra({ databaseUrl, natsUrl, redisUrl }) {
  const checks = [
    ['PostgreSQL', databaseUrl, 5432],
    ['NATS', natsUrl, 4222],
    ['Redis', redisUrl, 6379],
  ];
  const missing = [];
  for (const [name, url, port] of checks) {
    if (!(await reachable(url, port))) missing.push({ name, url });
  }
  return missing.map(
    ({ name, url }) => `${name} is not reachable at ${url}. Start it (or set its URL), e.g.:\n    ${HOW_TO_START[name]}`,
  );
}

module.exports = { checkInfra, HOW_TO_START };
