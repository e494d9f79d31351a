/**
 * Blocked time keeps its reason in the booking's notes ("Time blocked: <reason>", or "Personal time" without
 * one); the grid and the block editor read the reason back from there.
 */
const BLOCK_REASON_PREFIX = 'Time blocked: ';
const PERSONAL_TIME = 'Personal time';

export const blockNotes = (reason: string | null | undefined): string => (reason ? `${BLOCK_REASON_PREFIX}${reason}` : PERSONAL_TIME);

/** The reason typed when the time was blocked (null for personal time). */
export function blockReasonOf(notes: string | null): string | null {
  if (!notes || notes === PERSONAL_TIME) return null;
  return notes.startsWith(BLOCK_REASON_PREFIX) ? notes.slice(BLOCK_REASON_PREFIX.length) : notes;
}
