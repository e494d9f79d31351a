import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../errors';

/**
 * Which addresses a webhook may reach (decision 052): never a private, loopback, link-local, shared or
 * reserved one in production, checked when the URL is saved and again at every connection (the resolved
 * address is checked where the socket connects, so a name that changes its answer between the two gets
 * no further). Development and tests may reach loopback, where local receivers run.
 */
const blocked = new BlockList();
const loopback = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b::', 96], ['100::', 64]] as const) blocked.addSubnet(net, prefix, 'ipv6');
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4 address written inside IPv6 (`::ffff:10.0.0.1`, `::ffff:a00:1`) is judged as the IPv4 address. */
function unwrapMapped(address: string): string {
  const mapped = /^::ffff:(.+)$/i.exec(address)?.[1];
  if (!mapped) return address;
  if (isIP(mapped) === 4) return mapped;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(mapped);
  if (!hex) return address;
  const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

export type AddressVerdict = 'public' | 'loopback' | 'private';

export function classifyAddress(raw: string): AddressVerdict {
  const address = unwrapMapped(raw.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (loopback.check(address, family)) return 'loopback';
  return blocked.check(address, family) ? 'private' : 'public';
}

/** Whether this deployment may send to the address. */
export function addressAllowed(address: string, production: boolean): boolean {
  const verdict = classifyAddress(address);
  return verdict === 'public' || (verdict === 'loopback' && !production);
}

function refused(host: string): AppError {
  return new AppError('WEBHOOK_URL_REFUSED', `${host} resolves to a private, loopback or link-local address`, { host });
}

/** At save: the URL's scheme (https in production) and every address its host resolves to. */
export async function assertDeliverableUrl(url: string, production: boolean): Promise<void> {
  const parsed = new URL(url);
  if (production && parsed.protocol !== 'https:') throw new AppError('WEBHOOK_URL_REFUSED', 'Webhook URLs must use https', { host: parsed.hostname });
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolveAll(host);
  if (!addresses.length || addresses.some((a) => !addressAllowed(a, production))) throw refused(host);
}

async function resolveAll(host: string): Promise<string[]> {
  return new Promise((resolve) => dnsLookup(host, { all: true }, (error, addresses) => resolve(error ? [] : addresses.map((a) => a.address))));
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request: resolves as usual and refuses the connection when any answer is not
 * allowed, so the address checked is the address connected to. (A literal IP in the URL is not looked up:
 * the caller checks it with `addressAllowed`.)
 */
export function guardedLookup(production: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!addresses.length || addresses.some((a) => !addressAllowed(a.address, production))) {
        return callback(Object.assign(new Error(`${hostname} resolves to a refused address`), { code: 'WEBHOOK_ADDRESS_REFUSED' }), []);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
