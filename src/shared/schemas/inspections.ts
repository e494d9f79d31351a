import { z } from 'zod';
import {
  CONCERN_TEXT_MAX,
  DAMAGE_NOTE_MAX,
  DAMAGE_ZONES,
  FUEL_EIGHTHS_MAX,
  INSPECTION_IMAGE_TYPES,
  INSPECTION_PHASES,
  INSPECTION_PHOTO_SLOTS,
  ODOMETER_MAX,
} from '../inspections';

const whole = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(0, { error: `${label} must be at least 0` })
    .max(max, { error: `${label} must be at most ${max}` });

/** One damage note: where on the car and what is there. */
export const damageNote = z.object({
  zone: z.enum(DAMAGE_ZONES, { error: `zone must be one of ${DAMAGE_ZONES.join(', ')}` }),
  note: z.string().trim().min(1, { error: 'Describe the damage' }).max(DAMAGE_NOTE_MAX, { error: `A damage note is at most ${DAMAGE_NOTE_MAX} characters` }),
});
export type DamageNote = z.infer<typeof damageNote>;

const position = z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) });

/**
 * The `data` part of POST /api/driver/bookings/:id/inspections (multipart): everything but the images. The
 * six photos, damage photos and the signature are file parts named by shared/inspections.ts.
 */
export const inspectionData = z
  .object({
    phase: z.enum(INSPECTION_PHASES, { error: 'phase must be pickup or return' }),
    odometer: whole('odometer', ODOMETER_MAX),
    fuelEighths: whole('fuelEighths', FUEL_EIGHTHS_MAX),
    damage: z.array(damageNote).max(DAMAGE_ZONES.length * 2).default([]),
    /** True instead of a signature when nobody was there to sign. */
    customerNotPresent: z.boolean().default(false),
    /** A correction names the record it replaces; that record itself never changes. */
    correctsId: z.uuid({ error: 'correctsId must be an inspection id' }).optional(),
    /** Where the phone was, if it could tell; otherwise the driver's last shared position is kept. */
    position: position.optional(),
  })
  .strict();
export type InspectionData = z.infer<typeof inspectionData>;

export const inspectionPhotoView = z.object({
  id: z.string(),
  slot: z.enum(INSPECTION_PHOTO_SLOTS),
  /** A damage photo's zone. */
  zone: z.enum(DAMAGE_ZONES).nullable(),
  contentType: z.enum(INSPECTION_IMAGE_TYPES),
  size: z.number(),
  sha256: z.string(),
  /** The authorised route serving the bytes (a guest adds ?token=). */
  url: z.string(),
});
export type InspectionPhotoView = z.infer<typeof inspectionPhotoView>;

export const inspectionView = z.object({
  id: z.string(),
  bookingId: z.string(),
  phase: z.enum(INSPECTION_PHASES),
  odometer: z.number(),
  fuelEighths: z.number(),
  damage: z.array(damageNote),
  customerNotPresent: z.boolean(),
  /** The customer's signature (null when they were not present). */
  signature: inspectionPhotoView.nullable(),
  /** The six photos and any damage photos. */
  photos: z.array(inspectionPhotoView),
  inspectedBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  recordedAt: z.string(),
  position: position.nullable(),
  finalisedAt: z.string(),
  /** The record this one corrects. */
  correctsId: z.string().nullable(),
});
export type InspectionView = z.infer<typeof inspectionView>;

export const inspectionConcernView = z.object({ id: z.string(), text: z.string(), createdAt: z.string() });
export type InspectionConcernView = z.infer<typeof inspectionConcernView>;

/** GET /api/driver/bookings/:id/inspections: the current record of each phase, the full history, and concerns. */
export const bookingInspections = z.object({
  bookingId: z.string(),
  /** The latest record of each phase (a correction replaces what it corrects). */
  pickup: inspectionView.nullable(),
  return: inspectionView.nullable(),
  /** Every record, oldest first: originals and corrections alike. */
  history: z.array(inspectionView),
  concerns: z.array(inspectionConcernView),
  /** Until when the customer may flag a concern (24 h after the return inspection); null before it. */
  concernDeadline: z.string().nullable(),
  /** True for the booking's customer while the window is open. */
  canFlagConcern: z.boolean(),
});
export type BookingInspections = z.infer<typeof bookingInspections>;

export const inspectionConcernRequest = z.object({
  text: z.string({ error: 'Tell us what concerns you' }).trim().min(1, { error: 'Tell us what concerns you' }).max(CONCERN_TEXT_MAX, { error: `At most ${CONCERN_TEXT_MAX} characters` }),
});
export type InspectionConcernRequest = z.infer<typeof inspectionConcernRequest>;

export const inspectionPhotoParams = z.object({ id: z.uuid({ error: 'Not a valid id' }), photoId: z.uuid({ error: 'Not a valid id' }) });
