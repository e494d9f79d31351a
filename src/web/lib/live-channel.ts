import { useEffect, useRef, useState } from 'react';
import type { LiveMessage } from '@shared/schemas/tracking';
import { WS_CLOSE } from '@shared/tracking';

export type LiveChannelState = 'connecting' | 'live' | 'offline';

/**
 * A signed-in page's channel on /ws (`?channel=staff` for the office, `?channel=driver` for a driver's jobs):
 * every message reaches `onMessage`; after a drop it reconnects with backoff and calls `onReconnect` once it
 * is back (the page refetches what it may have missed). A refused channel (signed out, wrong role) is not retried.
 */
export function useLiveChannel(channel: 'staff' | 'driver', enabled: boolean, onMessage: (message: LiveMessage) => void, onReconnect: () => void): LiveChannelState {
  const [state, setState] = useState<LiveChannelState>('connecting');
  const handlers = useRef({ onMessage, onReconnect });
  handlers.current = { onMessage, onReconnect };
  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | undefined;
    let stopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      if (stopped) return;
      setState('connecting');
      const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(`${scheme}//${window.location.host}/ws?channel=${channel}`);
      socket.onmessage = (message) => {
        let data: LiveMessage;
        try {
          data = JSON.parse(String(message.data)) as LiveMessage;
        } catch {
          return;
        }
        if (data.type === 'staff_connected' || data.type === 'driver_connected') {
          if (attempt > 0) handlers.current.onReconnect();
          attempt = 0;
          setState('live');
        } else handlers.current.onMessage(data);
      };
      socket.onclose = (event) => {
        setState('offline');
        if (stopped || event.code === WS_CLOSE.FORBIDDEN || event.code === WS_CLOSE.INVALID_TOKEN) return;
        attempt += 1;
        retry = setTimeout(connect, Math.min(30_000, 1000 * 2 ** attempt));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [channel, enabled]);
  return state;
}
