import { z } from 'zod';
import { VEHICLE_NOTES_MAX, VEHICLE_YEAR_MIN } from '../constants';
import { SIZE_CLASSES } from '../domain';
import { pageOf } from './common';

/** The contract of a customer's saved vehicles and the make/model catalogue (docs/decisions/038). */

/** Next year's models are on sale from the summer before. */
export const vehicleYearMax = (now = new Date()) => now.getUTCFullYear() + 1;
export const VEHICLE_PLATE_MAX = 10;
/** A customer keeps at most this many vehicles, so the list stays bounded (it is paginated all the same). */
export const MAX_SAVED_VEHICLES = 20;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => v || null);

export const sizeClassField = z.enum(SIZE_CLASSES, { error: 'Size class must be sedan, suv or oversize' });

/** A licence plate as stored: upper case, no spaces; letters, digits and hyphens. Blank is no plate. */
export function normalisePlate(plate: string): string {
  return plate.toUpperCase().replace(/\s+/g, '');
}

export const vehicleRequest = z.object({
  year: z
    .union([z.number(), z.string(), z.null()], { error: 'Year must be a number' })
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || (typeof v === 'string' && !v.trim())) return null;
      const year = Number(v);
      const max = vehicleYearMax();
      if (!Number.isInteger(year) || year < VEHICLE_YEAR_MIN || year > max) {
        ctx.addIssue({ code: 'custom', message: `Year must be between ${VEHICLE_YEAR_MIN} and ${max}` });
        return z.NEVER;
      }
      return year;
    }),
  make: text('Make', 60),
  model: text('Model', 60),
  colour: optionalText('Colour', 40),
  plate: optionalText('Plate', 20)
    .transform((v) => (v ? normalisePlate(v) : null))
    .refine((v) => v === null || (v.length <= VEHICLE_PLATE_MAX && /^[A-Z0-9-]+$/.test(v)), {
      error: `Plate must be up to ${VEHICLE_PLATE_MAX} letters, digits or hyphens`,
    }),
  sizeClass: sizeClassField,
  notes: optionalText('Notes', VEHICLE_NOTES_MAX),
});
export type VehicleRequest = z.input<typeof vehicleRequest>;
export type VehicleValues = z.output<typeof vehicleRequest>;

export const savedVehicle = z.object({
  id: z.string(),
  year: z.number().nullable(),
  make: z.string(),
  model: z.string(),
  colour: z.string().nullable(),
  plate: z.string().nullable(),
  sizeClass: sizeClassField,
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedVehicle = z.infer<typeof savedVehicle>;
export const vehiclesPage = pageOf(savedVehicle);
export type VehiclesPage = z.infer<typeof vehiclesPage>;

/** GET /api/vehicle-catalogue: common US makes and models with their usual size class. */
export const vehicleCatalogueResponse = z.object({
  makes: z.array(z.object({ make: z.string(), models: z.array(z.object({ model: z.string(), sizeClass: sizeClassField })) })),
});
export type VehicleCatalogueResponse = z.infer<typeof vehicleCatalogueResponse>;
