import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PAYMENT_INTENT_STATUSES, PAYMENT_STATUSES } from '../booking-lifecycle';
import { BOOKING_STATUSES, ROLES, SERVICE_TYPES } from '../domain';
import { scheduleAppointment } from './admin-schedule';
import { bookingView } from './bookings';
import { receipt } from './bookings-account';
import { confirmPaymentResponse, createBookingResponse, createPaymentIntentResponse } from './checkout';
import { dispatchDriver } from './dispatch';
import { LEDGER_KINDS, ledgerEntryView, PURCHASE_PAYMENT_STATUSES, PURCHASE_STATUSES, purchaseView, userPackageView } from './packages';
import { limitedTrackingView } from './tracking';

/** The closed set a response field accepts, or undefined when it takes any string. */
function optionsOf(schema: z.ZodObject, path: string): readonly string[] | undefined {
  let field: unknown = schema;
  for (const key of path.split('.')) field = (field as z.ZodObject).shape[key];
  // Optional fields wrap the enum.
  const inner = (field as { unwrap?: () => unknown }).unwrap?.() ?? field;
  return (inner as { options?: readonly string[] }).options;
}

const cases: [string, string, z.ZodObject, readonly string[]][] = [
  ['bookingView', 'paymentStatus', bookingView, PAYMENT_STATUSES],
  ['scheduleAppointment', 'paymentStatus', scheduleAppointment, PAYMENT_STATUSES],
  ['scheduleAppointment', 'serviceType', scheduleAppointment, SERVICE_TYPES],
  ['receipt', 'status', receipt, BOOKING_STATUSES],
  ['receipt', 'payment.status', receipt, PAYMENT_STATUSES],
  ['purchaseView', 'status', purchaseView, PURCHASE_STATUSES],
  ['purchaseView', 'paymentStatus', purchaseView, PURCHASE_PAYMENT_STATUSES],
  ['ledgerEntryView', 'kind', ledgerEntryView, LEDGER_KINDS],
  ['userPackageView', 'status', userPackageView, PURCHASE_STATUSES],
  ['userPackageView', 'paymentStatus', userPackageView, PURCHASE_PAYMENT_STATUSES],
  ['createBookingResponse', 'status', createBookingResponse, BOOKING_STATUSES],
  ['createBookingResponse', 'paymentStatus', createBookingResponse, PAYMENT_STATUSES],
  ['createPaymentIntentResponse', 'status', createPaymentIntentResponse, PAYMENT_INTENT_STATUSES],
  ['confirmPaymentResponse', 'status', confirmPaymentResponse, BOOKING_STATUSES],
  ['confirmPaymentResponse', 'paymentStatus', confirmPaymentResponse, [...PAYMENT_STATUSES, 'processing']],
  ['limitedTrackingView', 'status', limitedTrackingView, BOOKING_STATUSES],
  ['dispatchDriver', 'role', dispatchDriver, ROLES],
];

describe('status-like response fields are closed sets of the contract', () => {
  it.each(cases)('%s.%s takes only its set', (_name, path, schema, expected) => {
    expect(optionsOf(schema, path)).toEqual(expected);
  });

  it('refuses a value outside the set when the server would send one', () => {
    expect(bookingView.shape.paymentStatus.safeParse('processing').success).toBe(false);
    expect(confirmPaymentResponse.shape.paymentStatus.safeParse('processing').success).toBe(true);
  });
});
