import { describe, expect, it } from 'vitest';
import { mergeUpdates, type LiveUpdate } from './live-updates';

const at = (s: number) => new Date(Date.UTC(2026, 10, 9, 17, 0, s)).toISOString();
const update = (over: Partial<LiveUpdate>): LiveUpdate => ({ key: Math.random().toString(36), status: null, message: '', kind: null, params: null, at: at(0), ...over });

describe('Live Updates', () => {
  it('shows a change once when the socket and the stored update word it differently', () => {
    const stored = [update({ kind: 'status_changed', status: 'en_route', message: 'Your driver is on the way', at: at(1) })];
    const live = [update({ kind: 'status_changed', status: 'en_route', message: 'Driver En Route', at: at(0) })];
    expect(mergeUpdates(stored, live)).toHaveLength(1);
  });
  it('keeps a live line until its stored copy arrives, and distinct changes apart', () => {
    const live = [update({ kind: 'status_changed', status: 'arrived', message: 'Arrived', at: at(5) })];
    expect(mergeUpdates([], live).map((u) => u.message)).toEqual(['Arrived']);
    const stored = [update({ kind: 'driver_assigned', message: 'Driver assigned: Sam Reed', at: at(1) })];
    expect(mergeUpdates(stored, live).map((u) => u.message)).toEqual(['Arrived', 'Driver assigned: Sam Reed']);
  });
  it('shows a change the socket brought twice once', () => {
    const live = [
      update({ kind: 'status_changed', status: 'en_route_pickup', message: 'Driver En Route to Pickup', at: at(2) }),
      update({ kind: 'status_changed', status: 'en_route_pickup', message: 'Driver En Route to Pickup', at: at(1) }),
    ];
    expect(mergeUpdates([], live).map((u) => u.message)).toEqual(['Driver En Route to Pickup']);
  });
  it('shows the newest three', () => {
    const stored = [1, 2, 3, 4].map((s) => update({ message: `m${s}`, at: at(s) }));
    expect(mergeUpdates(stored, []).map((u) => u.message)).toEqual(['m4', 'm3', 'm2']);
  });
});
