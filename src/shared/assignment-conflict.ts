import type { PlacementConflict } from './reachability';

/**
 * Words for a refused assignment or move (decision 056): the English message of ASSIGNMENT_CONFLICT, which the
 * server fills for its `message` and the web's English table uses as is. `conflictKind` splits the rule's drive
 * kinds by whether another job or the technician's start or end location is on the other side.
 */
export const ASSIGNMENT_CONFLICT_MESSAGE =
  '{technicianName} cannot take this job then: {conflictKind, select, overlap {it overlaps {customerName}’s {time} {service}.} drive_before {the drive from {customerName}’s {time} {service} takes {driveMinutes} minutes.} drive_after {the drive on to {customerName}’s {time} {service} takes {driveMinutes} minutes.} drive_from_start {the drive from where they start takes {driveMinutes} minutes.} drive_home {the drive back at the end of their hours takes {driveMinutes} minutes.} outside_hours {it is outside their working hours.} other {they do not do this service.}}';

export type ConflictKind = 'overlap' | 'drive_before' | 'drive_after' | 'drive_from_start' | 'drive_home' | 'outside_hours' | 'service';

/** The message's kind for a conflict of the placement rule. */
export function conflictKindOf(conflict: PlacementConflict): ConflictKind {
  if (conflict.kind === 'drive_before' && conflict.bookingId === null) return 'drive_from_start';
  if (conflict.kind === 'drive_after' && conflict.bookingId === null) return 'drive_home';
  return conflict.kind;
}

/** The job on the other side of a conflict, or null (hours, service, the start or end location). */
export function conflictBookingId(conflict: PlacementConflict): string | null {
  return 'bookingId' in conflict ? conflict.bookingId : null;
}
