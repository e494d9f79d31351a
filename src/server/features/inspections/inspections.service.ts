import { createHash, randomUUID } from 'node:crypto';
import {
  concernDeadline,
  DAMAGE_ZONES,
  INSPECTION_DATA_FIELD,
  INSPECTION_PHOTO_MAX_BYTES,
  INSPECTION_PHASE_STATUSES,
  INSPECTION_PHOTO_SLOTS,
  MAX_CONCERNS_PER_BOOKING,
  MAX_DAMAGE_PHOTOS,
  REQUIRED_PHOTO_SLOTS,
  SIGNATURE_FIELD,
  sniffInspectionImage,
  type DamageZone,
  type InspectionPhase,
  type InspectionPhotoSlot,
} from '../../../shared/inspections';
import type { PublicUser } from '../../../shared/schemas/auth';
import { inspectionData, type BookingInspections, type InspectionConcernRequest, type InspectionConcernView, type InspectionData, type InspectionView } from '../../../shared/schemas/inspections';
import type { AppContext } from '../../context';
import { AppError, uniqueViolation } from '../../errors';
import { findLastKnownPosition } from '../drivers';
import { checkTrackingToken, hasFullAccess } from '../tracking';
import * as repo from './inspections.repository';

/** Who is asking: the signed-in user (if any) and the tracking token they hold (if any). */
export interface Viewer {
  user?: PublicUser;
  token?: string;
}

/** One part of the multipart body, as the route hands it over: a text field, or a file read on demand. */
export type UploadPart = { kind: 'field'; field: string; value: string } | { kind: 'file'; field: string; read: () => Promise<{ data: Buffer; truncated: boolean }> };

const NOT_FOUND = 'Booking not found';
const PART_UNKNOWN = 'The upload has a part the inspection does not take';
const ALREADY_RECORDED = 'This inspection is already recorded; send a correction instead';
const CORRECT_NEWEST = 'Correct the newest inspection of this booking';
const CONCERN_WINDOW = 'Concerns can be flagged within 24 hours of the car’s return';


/** The booking's assigned technician, or an admin; anyone else is told the booking does not exist. */
async function staffFacts(ctx: AppContext, user: PublicUser, bookingId: string): Promise<repo.InspectionFacts> {
  const facts = await repo.findInspectionFacts(ctx.db, bookingId);
  if (!facts || facts.isBlocked) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND);
  if (user.role !== 'admin' && !(user.role === 'driver' && facts.assignedDriverId === user.id)) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND);
  return facts;
}

/** The customer (session or tracking link), the assigned technician and the admin; anyone else: 404. */
async function viewerFacts(ctx: AppContext, bookingId: string, viewer: Viewer): Promise<repo.InspectionFacts> {
  const facts = await repo.findInspectionFacts(ctx.db, bookingId);
  if (!facts || (facts.isBlocked && viewer.user?.role !== 'admin')) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND);
  if (!(await hasFullAccess(ctx, facts, viewer))) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND);
  return facts;
}

/** The booking's own customer: its account holder or the holder of its tracking link (not staff). */
async function isCustomerOf(ctx: AppContext, facts: repo.InspectionFacts, viewer: Viewer): Promise<boolean> {
  if (viewer.user && facts.userId && viewer.user.id === facts.userId) return true;
  if (!viewer.token) return false;
  const check = await checkTrackingToken(ctx.db, viewer.token, ctx.now());
  return check.ok && check.bookingId === facts.id;
}

function parseData(value: string): InspectionData {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new AppError('INVALID_INPUT', 'The data part must be JSON', { field: INSPECTION_DATA_FIELD });
  }
  const parsed = inspectionData.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('INVALID_INPUT', issue.message, { field: issue.path.join('.') || INSPECTION_DATA_FIELD });
  }
  return parsed.data;
}

/** The slot (and zone) a file part's name stands for, or undefined for a name the walk-through never sends. */
function slotOf(field: string): { slot: InspectionPhotoSlot; zone: DamageZone | null } | undefined {
  if (field === SIGNATURE_FIELD) return { slot: 'signature', zone: null };
  const [kind, name] = field.split('.');
  if (kind === 'photo' && (REQUIRED_PHOTO_SLOTS as readonly string[]).includes(name ?? '')) return { slot: name as InspectionPhotoSlot, zone: null };
  if (kind === 'damage' && (DAMAGE_ZONES as readonly string[]).includes(name ?? '')) return { slot: 'damage', zone: name as DamageZone };
  return undefined;
}

/** The rules a record must meet before any image is stored: the job, its moment, and what a correction names. */
async function checkRecordable(ctx: AppContext, facts: repo.InspectionFacts, data: InspectionData): Promise<void> {
  if (facts.serviceType !== 'pickup') throw new AppError('INSPECTION_NOT_PICKUP_JOB', 'Inspections are recorded on pickup jobs only');
  if (data.correctsId) {
    const corrected = await repo.findInspection(ctx.db, facts.id, data.correctsId);
    if (!corrected || corrected.phase !== data.phase) throw new AppError('INSPECTION_CORRECTION_INVALID', CORRECT_NEWEST, { phase: data.phase });
    if (await repo.isCorrected(ctx.db, corrected.id)) throw new AppError('INSPECTION_CORRECTION_INVALID', CORRECT_NEWEST, { phase: data.phase });
    return;
  }
  if (!INSPECTION_PHASE_STATUSES[data.phase].includes(facts.status)) {
    throw new AppError('INSPECTION_NOT_NOW', 'This inspection is recorded when the car changes hands', { phase: data.phase, status: facts.status });
  }
  // Said before any image is sent on; the unique index still decides a race between two at once.
  if (await repo.hasOriginal(ctx.db, facts.id, data.phase)) throw new AppError('INSPECTION_ALREADY_RECORDED', ALREADY_RECORDED, { phase: data.phase });
}

/**
 * POST /api/driver/bookings/:id/inspections (multipart): the `data` part first, then the six photos, any
 * damage photos and the signature. Each image is checked by its bytes and size, hashed and stored as it
 * arrives; the record and its photo rows are written in one transaction, finalised. If anything is refused,
 * the images stored so far are removed again.
 */
export async function recordInspection(ctx: AppContext, user: PublicUser, bookingId: string, parts: AsyncIterable<UploadPart>): Promise<InspectionView> {
  const facts = await staffFacts(ctx, user, bookingId);
  const stored: repo.NewPhoto[] = [];
  try {
    let data: InspectionData | undefined;
    for await (const part of parts) {
      if (part.kind === 'field') {
        if (part.field !== INSPECTION_DATA_FIELD || data) throw new AppError('INSPECTION_PART_UNKNOWN', PART_UNKNOWN, { field: part.field });
        data = parseData(part.value);
        await checkRecordable(ctx, facts, data);
        continue;
      }
      if (!data) throw new AppError('INSPECTION_DATA_FIRST', 'Send the inspection details before the photos', { field: INSPECTION_DATA_FIELD });
      const target = slotOf(part.field);
      if (!target) throw new AppError('INSPECTION_PART_UNKNOWN', PART_UNKNOWN, { field: part.field });
      const taken = stored.some((photo) => photo.slot === target.slot && target.slot !== 'damage');
      if (taken) throw new AppError('INSPECTION_PART_UNKNOWN', PART_UNKNOWN, { field: part.field });
      if (target.slot === 'damage' && stored.filter((photo) => photo.slot === 'damage').length >= MAX_DAMAGE_PHOTOS) {
        throw new AppError('INSPECTION_TOO_MANY_PHOTOS', `At most ${MAX_DAMAGE_PHOTOS} damage photos`, { max: MAX_DAMAGE_PHOTOS });
      }
      const { data: bytes, truncated } = await part.read();
      if (truncated || bytes.length > INSPECTION_PHOTO_MAX_BYTES) {
        throw new AppError('INSPECTION_PHOTO_TOO_LARGE', 'Each photo must be at most 10 MB', { field: part.field, maxBytes: INSPECTION_PHOTO_MAX_BYTES });
      }
      const contentType = sniffInspectionImage(bytes);
      if (!contentType) throw new AppError('INSPECTION_PHOTO_TYPE_UNSUPPORTED', 'Photos must be JPEG, PNG or WebP images', { field: part.field });
      const storageKey = `inspections/${bookingId}/${randomUUID()}.${contentType.slice('image/'.length)}`;
      await ctx.files.put(storageKey, bytes, contentType);
      stored.push({ ...target, sha256: createHash('sha256').update(bytes).digest('hex'), storageKey, contentType, size: bytes.length });
    }
    if (!data) throw new AppError('INVALID_INPUT', 'The data part is missing', { field: INSPECTION_DATA_FIELD });
    const missing = REQUIRED_PHOTO_SLOTS.filter((slot) => !stored.some((photo) => photo.slot === slot));
    if (missing.length) throw new AppError('INSPECTION_PHOTOS_MISSING', 'Take all six photos: front, rear, left, right, interior and odometer', { slots: missing.join(',') });
    const signed = stored.some((photo) => photo.slot === 'signature');
    if (signed === data.customerNotPresent) {
      throw new AppError('INSPECTION_SIGNATURE_REQUIRED', 'The customer signs, or mark “customer not present”', { both: signed });
    }
    const position = data.position ?? (await findLastKnownPosition(ctx.db, user.id));
    const id = await repo
      .insertInspection(
        ctx.db,
        {
          bookingId,
          phase: data.phase,
          odometer: data.odometer,
          fuelEighths: data.fuelEighths,
          damage: data.damage,
          customerNotPresent: data.customerNotPresent,
          inspectedBy: user.id,
          latitude: position?.latitude ?? null,
          longitude: position?.longitude ?? null,
          finalisedAt: ctx.now(),
          correctsId: data.correctsId ?? null,
        },
        stored,
      )
      .catch((error: unknown) => {
        if (!uniqueViolation(error)) throw error;
        throw data!.correctsId
          ? new AppError('INSPECTION_CORRECTION_INVALID', CORRECT_NEWEST, { phase: data!.phase })
          : new AppError('INSPECTION_ALREADY_RECORDED', ALREADY_RECORDED, { phase: data!.phase });
      });
    // Open tracking pages and staff screens look again now (a booking update with no status or words adds no line).
    await ctx.events.publish(ctx.db, { type: 'booking_update', bookingId, at: ctx.now().toISOString() });
    const view = await readInspections(ctx, bookingId);
    return view.history.find((record) => record.id === id)!;
  } catch (error) {
    await Promise.all(stored.map((photo) => ctx.files.delete(photo.storageKey).catch(() => undefined)));
    throw error;
  }
}

function photoUrl(bookingId: string, photoId: string): string {
  return `/api/driver/bookings/${bookingId}/inspections/photos/${photoId}`;
}

async function readInspections(ctx: AppContext, bookingId: string): Promise<Omit<BookingInspections, 'canFlagConcern' | 'concerns'>> {
  const { records, photos } = await repo.listInspections(ctx.db, bookingId);
  const history: InspectionView[] = records.map((record) => {
    const own = photos
      .filter((photo) => photo.inspectionId === record.id)
      // The walk-through's order: the six, then damage close-ups, then the signature.
      .sort((a, b) => INSPECTION_PHOTO_SLOTS.indexOf(a.slot) - INSPECTION_PHOTO_SLOTS.indexOf(b.slot))
      .map((photo) => ({ id: photo.id, slot: photo.slot, zone: photo.zone, contentType: photo.contentType, size: photo.size, sha256: photo.sha256, url: photoUrl(bookingId, photo.id) }));
    return {
      id: record.id,
      bookingId: record.bookingId,
      phase: record.phase,
      odometer: record.odometer,
      fuelEighths: record.fuelEighths,
      damage: record.damage,
      customerNotPresent: record.customerNotPresent,
      signature: own.find((photo) => photo.slot === 'signature') ?? null,
      photos: own.filter((photo) => photo.slot !== 'signature'),
      inspectedBy: { id: record.inspectedById, name: record.inspectedByName },
      recordedAt: record.createdAt.toISOString(),
      position: record.latitude != null && record.longitude != null ? { latitude: record.latitude, longitude: record.longitude } : null,
      finalisedAt: record.finalisedAt.toISOString(),
      correctsId: record.correctsId,
    };
  });
  // The current record of a phase is the one nothing corrects (the end of its chain).
  const corrected = new Set(history.map((record) => record.correctsId).filter(Boolean));
  const current = (phase: InspectionPhase) => history.find((record) => record.phase === phase && !corrected.has(record.id)) ?? null;
  const returned = history.find((record) => record.phase === 'return' && !record.correctsId);
  return { bookingId, pickup: current('pickup'), return: current('return'), history, concernDeadline: concernDeadline(returned ? new Date(returned.finalisedAt) : null)?.toISOString() ?? null };
}

/** GET /api/driver/bookings/:id/inspections: both inspections, their history and the customer's concerns. */
export async function getInspections(ctx: AppContext, bookingId: string, viewer: Viewer): Promise<BookingInspections> {
  const facts = await viewerFacts(ctx, bookingId, viewer);
  const [view, concerns, customer] = await Promise.all([readInspections(ctx, bookingId), repo.listConcerns(ctx.db, bookingId), isCustomerOf(ctx, facts, viewer)]);
  const open = view.concernDeadline !== null && ctx.now() <= new Date(view.concernDeadline);
  return {
    ...view,
    concerns: concerns.map((concern) => ({ ...concern, createdAt: concern.createdAt.toISOString() })),
    canFlagConcern: customer && open && concerns.length < MAX_CONCERNS_PER_BOOKING,
  };
}

/** GET …/inspections/photos/:photoId: the bytes, for those who may see the inspections. */
export async function readInspectionPhoto(ctx: AppContext, bookingId: string, photoId: string, viewer: Viewer): Promise<{ data: Buffer; contentType: string; sha256: string }> {
  await viewerFacts(ctx, bookingId, viewer);
  const photo = await repo.findPhoto(ctx.db, bookingId, photoId);
  if (!photo) throw new AppError('INSPECTION_PHOTO_NOT_FOUND', 'Photo not found');
  const data = await ctx.files.get(photo.storageKey);
  if (!data) throw new AppError('INSPECTION_PHOTO_NOT_FOUND', 'Photo not found');
  return { data, contentType: photo.contentType, sha256: photo.sha256 };
}

/** POST …/inspections/concerns: the booking's customer, within 24 hours of the return inspection. */
export async function flagConcern(ctx: AppContext, bookingId: string, viewer: Viewer, input: InspectionConcernRequest): Promise<InspectionConcernView> {
  const facts = await viewerFacts(ctx, bookingId, viewer);
  if (!(await isCustomerOf(ctx, facts, viewer))) throw new AppError('INSPECTION_CONCERN_CUSTOMER_ONLY', 'Only the customer can flag a concern about their car');
  const { concernDeadline: deadline } = await readInspections(ctx, bookingId);
  if (!deadline) throw new AppError('INSPECTION_CONCERN_NOT_OPEN', CONCERN_WINDOW, { reason: 'not_returned' });
  if (ctx.now() > new Date(deadline)) throw new AppError('INSPECTION_CONCERN_NOT_OPEN', CONCERN_WINDOW, { reason: 'closed', deadline });
  const row = await repo.insertConcernWithinLimit(ctx.db, bookingId, input.text, ctx.now(), MAX_CONCERNS_PER_BOOKING);
  if (!row) throw new AppError('INSPECTION_CONCERN_LIMIT', `You have flagged ${MAX_CONCERNS_PER_BOOKING} concerns already; please call us`, { max: MAX_CONCERNS_PER_BOOKING });
  return { ...row, createdAt: row.createdAt.toISOString() };
}
