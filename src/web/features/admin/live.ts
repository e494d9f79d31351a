import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLiveChannel, type LiveChannelState } from '@web/lib/live-channel';
import { adminKeys } from './api';

export type StaffLiveState = LiveChannelState;

/** Refetch at most this often while events stream in (a moving driver reports every few seconds). */
const REFRESH_EVERY_MS = 1_500;

/**
 * The staff channel (/ws?channel=staff): every booking change, driver status and position reaches the open
 * admin page, which refetches what it shows (bookings list, schedule grid, dashboard, staff). Reconnects with
 * backoff after a drop and refetches once on reconnect (it may have missed events).
 */
export function useStaffLive(enabled: boolean): StaffLiveState {
  const client = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = useCallback(() => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      void client.invalidateQueries({ queryKey: adminKeys.all });
    }, REFRESH_EVERY_MS);
  }, [client]);
  useEffect(() => () => clearTimeout(pending.current), []);
  return useLiveChannel('staff', enabled, (message) => message.type === 'staff_event' && refresh(), refresh);
}
