import { z } from 'zod';
import { dateKey, required, timeOfDay } from './common';

/**
 * The back office's form fields, shared by its request schemas (admin-bookings, admin-schedule,
 * admin-customers, …): missing required fields all answer the forms' one message (REQUIRED_MESSAGE).
 */
export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const CAPACITY_MESSAGE = 'Max concurrent appointments must be between 1 and 10';
export const TIME_ORDER_MESSAGE = 'End time must be after start time';

export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));
export const requiredEmail = () => required().toLowerCase().pipe(z.email({ error: EMAIL_MESSAGE }).max(254, { error: EMAIL_MESSAGE }));
export const requiredDate = () => required().pipe(dateKey);
/** A date as YYYY-MM-DD or an ISO instant at midnight UTC (what the schedule page's PUT sends); the calendar day is kept. */
export const lenientDate = () =>
  required()
    .transform((v) => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v))
    .pipe(dateKey);
export const requiredTime = () => required().pipe(timeOfDay);
export const capacity = z.coerce
  .number({ error: CAPACITY_MESSAGE })
  .int({ error: CAPACITY_MESSAGE })
  .min(1, { error: CAPACITY_MESSAGE })
  .max(10, { error: CAPACITY_MESSAGE });

export const uuid = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).pipe(z.uuid({ error: message }));
