/**
 * Whether a socket's peer is this machine (127.0.0.0/8, ::1, or IPv4 loopback mapped into IPv6). Read from
 * the socket, never from request.ip: X-Forwarded-For (and so request.ip behind TRUST_PROXY) is what a client
 * says, the socket is where it actually is.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
