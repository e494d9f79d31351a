/** The slot engine on a busy day: how long computing one day's slots takes. */
import { candidateSlots, type Occupant } from '../src/shared/slots';

export function slotsBench(): void {
  const occupants: Occupant[] = Array.from({ length: 60 }, (_, i) => ({ startMinute: 540 + (i % 14) * 30, durationMinutes: 30 + (i % 4) * 60 }));
  const runs = 20_000;
  const started = performance.now();
  let offered = 0;
  for (let i = 0; i < runs; i++) {
    offered += candidateSlots({ dateKey: '2026-11-23', windows: [{ start: '08:00', end: '20:00', capacity: 10 }], occupants, durationMinutes: 90, earliestStartMinute: -1 }).length;
  }
  const ms = performance.now() - started;
  console.log(`slot engine: ${(ms / runs * 1000).toFixed(1)} µs per day with ${occupants.length} bookings (${runs} runs, ${offered / runs} starts each)`);
}
