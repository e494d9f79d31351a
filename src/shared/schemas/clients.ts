import { z } from 'zod';
import { PAYMENT_STATUSES } from '../booking-lifecycle';
import { BOOKING_STATUSES, SIZE_CLASSES } from '../domain';
import { optionalUsPhone, pageQuery } from './common';

/**
 * The back office's client record (docs/decisions/039-clients.md): every person who books — an account, a web
 * guest, a phone appointment, a store order — with their contact, notes, tags and history.
 */

/** Where a client came from: an account, or the first booking of someone without one. */
export const CLIENT_SOURCES = ['account', 'guest', 'phone', 'store'] as const;
export type ClientSource = (typeof CLIENT_SOURCES)[number];

export const TAG_MAX = 40;
export const TAGS_MAX = 20;
export const CLIENT_NOTES_MAX = 5000;

export const clientListQuery = pageQuery.extend({ q: z.string().trim().max(100).optional() });

export const clientSummary = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  source: z.enum(CLIENT_SOURCES),
  userId: z.string().nullable(),
  /** Whether the account's e-mail is verified; null for a client without an account. */
  emailVerified: z.boolean().nullable(),
  tags: z.array(z.string()),
  totalBookings: z.number(),
  lifetimeSpend: z.string(),
  lastVisit: z.string().nullable(),
  createdAt: z.string(),
});
export type ClientSummary = z.infer<typeof clientSummary>;

export const clientAddress = z.object({ street: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable(), zipCode: z.string().nullable(), saved: z.boolean() });
export type ClientAddress = z.infer<typeof clientAddress>;

/** A vehicle as the record knows it today: the text a booking carried, and its plate when one is known. */
export const clientVehicle = z.object({
  description: z.string(),
  plate: z.string().nullable(),
  lastSeen: z.string().nullable(),
  /** The size it was saved or last booked as; null for a vehicle only named in a booking's text. */
  sizeClass: z.enum(SIZE_CLASSES).nullable(),
  /** Kept on the client's account (vehicles table), not only seen on bookings. */
  saved: z.boolean(),
});
export type ClientVehicle = z.infer<typeof clientVehicle>;

export const clientPackageCredit = z.object({ id: z.string(), packageName: z.string(), serviceName: z.string(), servicesRemaining: z.number(), expiresAt: z.string().nullable() });

export const clientDetail = clientSummary.extend({
  notes: z.string(),
  marketingConsent: z.boolean(),
  vehicles: z.array(clientVehicle),
  addresses: z.array(clientAddress),
  packageCredits: z.array(clientPackageCredit),
  /** Clients merged into this one (their bookings are listed here). */
  mergedCount: z.number(),
});
export type ClientDetail = z.infer<typeof clientDetail>;

export const clientBooking = z.object({
  id: z.string(),
  scheduledDate: z.string(),
  serviceName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  totalAmount: z.string(),
  source: z.string(),
  vehicle: z.string().nullable(),
});
export type ClientBooking = z.infer<typeof clientBooking>;

export const clientBookingsQuery = pageQuery;

const tag = z.string().trim().min(1).max(TAG_MAX, { error: `A tag is at most ${TAG_MAX} characters` });

/** Every field optional: the page saves notes alone, the edit dialog the contact. */
export const clientUpdateRequest = z.object({
  name: z.string().trim().max(120, { error: 'Full name must be at most 120 characters' }).optional(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .nullish()
    .transform((v) => v || null)
    .pipe(z.email({ error: 'Please enter a valid email address' }).nullable())
    .optional(),
  phone: optionalUsPhone().optional(),
  notes: z.string().max(CLIENT_NOTES_MAX, { error: `Notes are at most ${CLIENT_NOTES_MAX} characters` }).optional(),
  tags: z
    .array(tag)
    .max(TAGS_MAX, { error: `At most ${TAGS_MAX} tags` })
    .transform((tags) => [...new Set(tags)])
    .optional(),
  marketingConsent: z.boolean().optional(),
});
export type ClientUpdateRequest = z.infer<typeof clientUpdateRequest>;

export const clientMergeRequest = z.object({ intoClientId: z.uuid({ error: 'Please choose the client to merge into' }) });
export type ClientMergeRequest = z.infer<typeof clientMergeRequest>;
export const clientMergeResponse = z.object({ id: z.string(), movedBookings: z.number(), message: z.string() });
