import { z } from 'zod';
import { ROLES } from '../domain';
import { dateKey, timeOfDay } from './common';

/**
 * Technicians (decision 051): who works jobs, their weekly hours, days off and other hours, the services they
 * do and where their day starts and ends. Hours are wall-clock Pacific `HH:mm`; no hours at all means the
 * business hours.
 */
const TIME_ORDER = 'The end time must be after the start time';

export const weeklyHours = z
  .object({ dayOfWeek: z.number().int().min(0).max(6), startTime: timeOfDay, endTime: timeOfDay })
  .refine((h) => h.endTime > h.startTime, { error: TIME_ORDER, path: ['endTime'] });
export type WeeklyHours = z.infer<typeof weeklyHours>;

/** A place chosen from the address search (it carries its coordinates); null means the business's address. */
export const technicianPlace = z.object({
  label: z.string().trim().min(1, { error: 'Please choose a place' }).max(200),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type TechnicianPlace = z.infer<typeof technicianPlace>;

export const technicianUpdate = z
  .object({
    worksJobs: z.boolean(),
    start: technicianPlace.nullable(),
    /** Null: ends where it starts. */
    end: technicianPlace.nullable(),
    limitedServices: z.boolean(),
    serviceIds: z.array(z.uuid({ error: 'Not a valid service' })).max(100),
    /** One entry per weekday worked; an empty list means the business hours every open day. */
    hours: z.array(weeklyHours).max(7),
  })
  .refine((t) => new Set(t.hours.map((h) => h.dayOfWeek)).size === t.hours.length, { error: 'Each weekday may have one set of hours', path: ['hours'] })
  .refine((t) => !t.limitedServices || t.serviceIds.length > 0, { error: 'Choose at least one service, or let them do every service', path: ['serviceIds'] });
export type TechnicianUpdate = z.infer<typeof technicianUpdate>;

export const technicianView = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  isDisabled: z.boolean(),
  worksJobs: z.boolean(),
  start: technicianPlace.nullable(),
  end: technicianPlace.nullable(),
  limitedServices: z.boolean(),
  serviceIds: z.array(z.string()),
  hours: z.array(weeklyHours),
});
export type TechnicianView = z.infer<typeof technicianView>;

/** A day off (no times) or other hours for one date. */
export const technicianExceptionRequest = z
  .object({
    date: dateKey,
    startTime: timeOfDay.nullable(),
    endTime: timeOfDay.nullable(),
    note: z.string().trim().max(200).nullable().optional(),
  })
  .refine((e) => (e.startTime === null) === (e.endTime === null), { error: 'Give both times for other hours, or neither for a day off', path: ['endTime'] })
  .refine((e) => e.startTime === null || e.endTime! > e.startTime, { error: TIME_ORDER, path: ['endTime'] });
export type TechnicianExceptionRequest = z.infer<typeof technicianExceptionRequest>;

export const technicianException = z.object({
  date: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  note: z.string().nullable(),
});
export type TechnicianException = z.infer<typeof technicianException>;

export const technicianParams = z.object({ userId: z.uuid({ error: 'Not a valid id' }) });
export const technicianExceptionParams = technicianParams.extend({ date: dateKey });

/** The driver's own hours: the week and the next exceptions. */
export const myHoursResponse = z.object({
  /** Null: works the business hours. */
  hours: z.array(weeklyHours).nullable(),
  exceptions: z.array(technicianException),
  start: technicianPlace.nullable(),
});
export type MyHoursResponse = z.infer<typeof myHoursResponse>;

/** GET /api/driver/route: the day (YYYY-MM-DD, Pacific); today when left out. */
export const driverRouteQuery = z.object({ date: dateKey.optional() });
export type DriverRouteQuery = z.infer<typeof driverRouteQuery>;

/** One stop of the driver's day, in start order, with the drive to it from the start place or the previous job. */
export const driverRouteStop = z.object({
  bookingId: z.string(),
  number: z.string(),
  /** Pacific wall clock, HH:MM. */
  start: z.string(),
  service: z.string(),
  /** One line ('425 Park Ave, San Jose, CA 95110'); an on-site job is at the business's address. */
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Minutes of driving to this stop (parking included); 0 when it is where the driver already is; null when the stop has no place. */
  driveMinutes: z.number().nullable(),
});
export type DriverRouteStop = z.infer<typeof driverRouteStop>;

export const driverRouteResponse = z.object({ date: z.string(), stops: z.array(driverRouteStop), totalDriveMinutes: z.number() });
export type DriverRouteResponse = z.infer<typeof driverRouteResponse>;
