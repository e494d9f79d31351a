import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@web/lib/api';
import { sendDriverLocation } from './api';

export const LOCATION_SEND_MS = 10_000;

/** Why a position did not go out: the phone's own reasons are words of the page; the server's come translated. */
export type SharingError = { reason: 'unsupported' | 'denied' | 'unreadable' } | { reason: 'server'; text: string };

export interface SharingState {
  lastSentAt: Date | null;
  error: SharingError | null;
}

function readPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: true, maximumAge: 0, timeout: 8_000 }),
  );
}

/**
 * While sharing is on, reads the browser's position right away and then every 10 s and sends it for the
 * current job (accuracy, heading and speed as the phone reports them; 10 m, 0 and 0 when it does not).
 */
export function useLocationSharing(enabled: boolean, bookingId: string | null): SharingState {
  const [state, setState] = useState<SharingState>({ lastSentAt: null, error: null });
  const booking = useRef(bookingId);
  booking.current = bookingId;

  useEffect(() => {
    if (!enabled) return;
    if (!('geolocation' in navigator)) {
      setState((s) => ({ ...s, error: { reason: 'unsupported' } }));
      return;
    }
    let cancelled = false;
    const tick = async () => {
      try {
        const position = await readPosition();
        if (cancelled) return;
        const { latitude, longitude, accuracy, heading, speed } = position.coords;
        await sendDriverLocation({
          latitude,
          longitude,
          bookingId: booking.current,
          accuracy: Number.isFinite(accuracy) ? accuracy : 10,
          heading: heading != null && Number.isFinite(heading) ? heading : 0,
          speed: speed != null && Number.isFinite(speed) && speed >= 0 ? speed : 0,
        });
        if (!cancelled) setState({ lastSentAt: new Date(), error: null });
      } catch (error) {
        if (cancelled) return;
        const denied = error && typeof error === 'object' && 'code' in error && (error as GeolocationPositionError).code === 1;
        // errorMessage renders the server's refusal in the page's language; a geolocation failure has no words of its own.
        const text = !denied && error instanceof Error ? errorMessage(error, '') : '';
        setState((s) => ({ ...s, error: denied ? { reason: 'denied' } : text ? { reason: 'server', text } : { reason: 'unreadable' } }));
      }
    };
    void tick();
    const timer = setInterval(() => void tick(), LOCATION_SEND_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [enabled]);

  return state;
}
