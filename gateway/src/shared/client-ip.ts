import { BlockList, isIP } from 'node:net';

/** Whether a peer address is a proxy the gateway may believe about the client's address. */
export type ProxyTrust = (address: string) => boolean;

function bare(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * TRUSTED_PROXIES ("10.0.0.5, 10.1.0.0/16, ::1") as a predicate. Empty trusts nobody: then
 * X-Forwarded-For is ignored and the client is the TCP peer.
 */
export function proxyTrust(list: readonly string[]): ProxyTrust {
  if (!list.length) return () => false;
  const blocks = new BlockList();
  for (const entry of list) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const family = isIP(address);
    if (!family) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) blocks.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) throw new Error(`"${entry}" has a bad prefix length`);
      blocks.addSubnet(address, prefix, type);
    }
  }
  return (address) => {
    const a = bare(address);
    const family = isIP(a);
    return family ? blocks.check(a, family === 6 ? 'ipv6' : 'ipv4') : false;
  };
}

/**
 * The client's address: walk X-Forwarded-For from the right (nearest hop first) while the hop that
 * told us is a trusted proxy; the first address not vouched for by a trusted proxy is the client.
 * Same rule as Express's `trust proxy` (which is given the same predicate), for WebSocket upgrades.
 */
export function clientIp(peer: string | undefined, forwardedFor: string | string[] | undefined, trust: ProxyTrust): string | undefined {
  if (!peer) return undefined;
  let client = bare(peer);
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  while (trust(client) && hops.length) {
    const next = bare(hops.pop()!);
    if (!isIP(next)) break;
    client = next;
  }
  return client;
}
