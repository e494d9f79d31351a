import { isIPv4, isIPv6 } from 'node:net';

/**
 * An address is never stored whole: IPv4 keeps its /24 (203.0.113.0), IPv6 its /48 (2001:db8:abcd::).
 * Anything that is not an address is dropped.
 */
export function truncateIp(ip: string | undefined | null): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  if (isIPv4(address)) return address.split('.').slice(0, 3).concat('0').join('.');
  if (!isIPv6(address)) return null;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 3)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::`;
}
