import { createHash, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';

/** A guest's browser between checkouts: a random id, sent back only to the booking calls. */
export const VISITOR_COOKIE = 'glint_visitor';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * Who holds a checkout, for the live-hold limit (decision 031): a signed-in customer is their account; a
 * guest is the visitor cookie together with the network it comes from (so a copied cookie is another
 * visitor elsewhere), and the network alone also counts, so a client that drops its cookie gains nothing.
 */
export interface HoldVisitor {
  /** `user:<id>` or `visitor:<cookie id>@<network hash>`. */
  holder: string;
  /** A guest's network, hashed (never stored whole); null for a signed-in customer. */
  network: string | null;
}

export function holdVisitor(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): HoldVisitor {
  if (request.session) return { holder: `user:${request.session.user.id}`, network: null };
  let id = request.cookies[VISITOR_COOKIE];
  if (!id || !VISITOR_ID.test(id)) {
    // 128 random bits: another visitor's id cannot be guessed (it could replace their hold of a service).
    id = randomBytes(16).toString('base64url');
    reply.setCookie(VISITOR_COOKIE, id, { path: '/api/bookings', httpOnly: true, sameSite: 'lax', secure: ctx.config.publicUrl.startsWith('https://'), maxAge: 30 * 86_400 });
  }
  const network = createHash('sha256').update(`glint-network:${networkOf(request.ip)}`).digest('base64url').slice(0, 22);
  return { holder: `visitor:${id}@${network}`, network };
}

/** An IPv4 address whole; an IPv6 address by its /64, the block one subscriber is usually given. */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':');
}
