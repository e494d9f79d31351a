/**
 * Chain of custody for pickup jobs (issue 24, docs/decisions/048): the closed sets and limits of a vehicle
 * inspection, shared by the server (validation, the concern window) and the driver's walk-through.
 */

/** When the car changes hands: the driver takes it (pickup) and brings it back (return). */
export const INSPECTION_PHASES = ['pickup', 'return'] as const;
export type InspectionPhase = (typeof INSPECTION_PHASES)[number];

/** The six photos every inspection has, in the order the walk-through asks for them. */
export const REQUIRED_PHOTO_SLOTS = ['front', 'rear', 'left', 'right', 'interior', 'odometer'] as const;
export type RequiredPhotoSlot = (typeof REQUIRED_PHOTO_SLOTS)[number];

/** Every stored image of an inspection: the six, damage close-ups, and the customer's signature. */
export const INSPECTION_PHOTO_SLOTS = [...REQUIRED_PHOTO_SLOTS, 'damage', 'signature'] as const;
export type InspectionPhotoSlot = (typeof INSPECTION_PHOTO_SLOTS)[number];

/** Where on the car a damage note is. */
export const DAMAGE_ZONES = ['front', 'rear', 'left', 'right', 'roof', 'interior', 'wheels'] as const;
export type DamageZone = (typeof DAMAGE_ZONES)[number];

/**
 * When in a pickup job each inspection may be written (decision 048): the pickup one from the drive there
 * until the car has left, the return one from the drive back until after it is handed over.
 */
export const INSPECTION_PHASE_STATUSES: Record<InspectionPhase, readonly string[]> = {
  pickup: ['en_route_pickup', 'arrived_pickup', 'picked_up'],
  return: ['en_route_return', 'completed'],
};

/** The inspection a pickup job's status calls for, if any. */
export function inspectionPhaseAt(serviceType: string, status: string): InspectionPhase | undefined {
  if (serviceType !== 'pickup') return undefined;
  return INSPECTION_PHASES.find((phase) => INSPECTION_PHASE_STATUSES[phase].includes(status));
}

/** Fuel is read off the gauge in eighths: 0 (empty) to 8 (full). */
export const FUEL_EIGHTHS_MAX = 8;
export const ODOMETER_MAX = 2_000_000;
export const DAMAGE_NOTE_MAX = 500;
export const MAX_DAMAGE_PHOTOS = 12;
/** Each image at most 10 MB (the phone resizes to ≤ 1600 px JPEG, far below it). */
export const INSPECTION_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The longest side the phone resizes a photo to before upload. */
export const INSPECTION_PHOTO_MAX_SIDE = 1600;
export const INSPECTION_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type InspectionImageType = (typeof INSPECTION_IMAGE_TYPES)[number];

/** The customer may flag a concern for this long after the return inspection. */
export const CONCERN_WINDOW_HOURS = 24;
export const CONCERN_TEXT_MAX = 2000;
/** A booking keeps at most this many concerns (the list never grows without bound). */
export const MAX_CONCERNS_PER_BOOKING = 5;

/** The multipart field names of the six photos (`photo.front`, …), a damage photo (`damage.<zone>`) and the signature. */
export const photoField = (slot: RequiredPhotoSlot) => `photo.${slot}`;
export const damagePhotoField = (zone: DamageZone) => `damage.${zone}`;
export const SIGNATURE_FIELD = 'signature';
/** The JSON part with odometer, fuel, notes and the rest. */
export const INSPECTION_DATA_FIELD = 'data';

/** The image type by its first bytes (the declared type and the file name are not trusted). */
export function sniffInspectionImage(data: Uint8Array): InspectionImageType | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...data.subarray(from, to));
  if (data.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => data[i] === byte)) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** The instant the concern window closes, or null before the car is back. */
export function concernDeadline(returnedAt: Date | null): Date | null {
  return returnedAt ? new Date(returnedAt.getTime() + CONCERN_WINDOW_HOURS * 3_600_000) : null;
}
