import type { StreamOptions } from '@lbf/proto-events';

/**
 * One NATS user per service (issue 22): a service publishes only its own events
 * (`<prefix>.<service>.>`, every subject of the contract starts with its producer's name), and the
 * JetStream API calls its kit makes on the one stream: ensure the stream, its durable pull
 * consumers (create, info, next message, ack), the retention purge of sensitive subjects and
 * the ephemeral consumer that finds where to cut. It reads every event (`<prefix>.>`: live
 * fan-out) and the replies to its own requests (`_INBOX.>`).
 *
 * What it cannot do: publish another service's event, or touch another stream. Consumer names
 * are not namespaced by service (JetStream wildcards match whole tokens), so the consumer API
 * stays open on the one stream: a service could delete another's consumer, which the next boot
 * recreates where it stood. Say so rather than pretend otherwise.
 */
export interface NatsPermissions {
  publish: { allow: string[] };
  subscribe: { allow: string[] };
}

export function natsPermissions(service: string, { stream, prefix }: StreamOptions): NatsPermissions {
  const api = '$JS.API';
  return {
    publish: {
      allow: [
        `${prefix}.${service}.>`,
        `${api}.INFO`,
        `${api}.STREAM.INFO.${stream}`,
        `${api}.STREAM.CREATE.${stream}`,
        `${api}.STREAM.UPDATE.${stream}`,
        `${api}.STREAM.PURGE.${stream}`,
        `${api}.CONSUMER.CREATE.${stream}`,
        `${api}.CONSUMER.CREATE.${stream}.>`,
        `${api}.CONSUMER.DURABLE.CREATE.${stream}.>`,
        `${api}.CONSUMER.INFO.${stream}.>`,
        `${api}.CONSUMER.DELETE.${stream}.>`,
        `${api}.CONSUMER.MSG.NEXT.${stream}.>`,
        `$JS.ACK.${stream}.>`,
      ],
    },
    subscribe: { allow: [`${prefix}.>`, '_INBOX.>'] },
  };
}

/** The environment variable that holds a service's NATS password where the server's config is read. */
export function natsPasswordVariable(service: string): string {
  return `LBF_NATS_${service.toUpperCase()}_PASSWORD`;
}

/**
 * The `authorization` block of nats-server's config for these services: each user's password is
 * read from the environment when the server starts (`$LBF_NATS_<SERVICE>_PASSWORD`), so the file
 * carries no secret. `deploy/nats/users.conf` is this text for the registry (a unit test keeps it so).
 */
export function natsUsersConf(services: readonly string[], options: StreamOptions): string {
  const list = (xs: string[]) => `[${xs.map((x) => JSON.stringify(x)).join(', ')}]`;
  const users = services.map((service) => {
    const p = natsPermissions(service, options);
    return [
      `    {`,
      `      user: ${JSON.stringify(service)}`,
      `      password: $${natsPasswordVariable(service)}`,
      `      permissions: {`,
      `        publish: { allow: ${list(p.publish.allow)} }`,
      `        subscribe: { allow: ${list(p.subscribe.allow)} }`,
      `      }`,
      `    }`,
    ].join('\n');
  });
  return [
    `# One NATS user per service, each allowed to publish only its own events (services/kit/src/nats-permissions.ts).`,
    `# Generated: \`node scripts/nats-users.js > deploy/nats/users.conf\`; passwords come from the environment.`,
    `authorization {`,
    `  users: [`,
    users.join('\n'),
    `  ]`,
    `}`,
    ``,
  ].join('\n');
}

/**
 * NATS_URL may carry the service's user (`nats://catalogue:<password>@nats:4222`); the nats client
 * takes credentials as options, not in the URL. Returns the servers without them, and the user.
 */
export function natsServers(url: string): { servers: string[]; user?: string; pass?: string } {
  let user: string | undefined;
  let pass: string | undefined;
  const servers = url.split(',').map((one) => {
    const s = one.trim();
    const match = /^(\w+:\/\/)([^@/]+)@(.*)$/.exec(s);
    if (!match) return s;
    const [name, secret = ''] = match[2]!.split(':');
    user = decodeURIComponent(name!);
    pass = decodeURIComponent(secret);
    return `${match[1]}${match[3]}`;
  });
  return user === undefined ? { servers } : { servers, user, pass };
}
