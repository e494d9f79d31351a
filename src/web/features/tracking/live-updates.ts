import type { UpdateKind, UpdateParams } from '@shared/booking-lifecycle';

export const UPDATES_SHOWN = 3;

export interface LiveUpdate {
  key: string;
  status: string | null;
  /** The server's English sentence (also how a live update is matched to its stored copy). */
  message: string;
  /** What happened, worded per language; null for a message that is only words. */
  kind: UpdateKind | null;
  params: UpdateParams | null;
  at: string;
}

const SAME_CHANGE_WINDOW_MS = 60_000;

function sameChange(stored: LiveUpdate, live: LiveUpdate): boolean {
  if (stored.status !== live.status || Math.abs(Date.parse(stored.at) - Date.parse(live.at)) >= SAME_CHANGE_WINDOW_MS) return false;
  return stored.message === live.message || (live.kind !== null && stored.kind === live.kind);
}

/** The newest few lines: what the socket brought, merged with the stored updates, each change shown once. */
export function mergeUpdates(stored: LiveUpdate[], live: LiveUpdate[], shown = UPDATES_SHOWN): LiveUpdate[] {
  // A change the socket brought twice (two events for one change, or a replay after reconnecting) is one line too.
  const fresh = live.filter((l, i) => !stored.some((s) => sameChange(s, l)) && !live.slice(i + 1).some((earlier) => sameChange(earlier, l)));
  return [...fresh, ...stored].sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, shown);
}
