import { useEffect, useRef, useState } from 'react';
import { WS_CLOSE } from '@shared/tracking';
import type { LiveMessage } from '@shared/schemas/tracking';

/** Close codes after which retrying cannot help (bad, expired or foreign token). */
const FATAL_CLOSE_CODES: ReadonlySet<number> = new Set(Object.values(WS_CLOSE));
/** The server pings every 25 s; silence for this long means the connection is dead. */
const SILENCE_LIMIT_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;

export interface LiveSocketOptions {
  bookingId: string;
  /** A tracking token; without one the session cookie must grant access. */
  token?: string;
  enabled: boolean;
  onMessage(message: LiveMessage): void;
  /** Called when a dropped connection comes back (the page refetches what it missed). */
  onReconnect(): void;
}

export type LiveSocketState = 'connecting' | 'live' | 'offline' | 'refused';

export function socketUrl(bookingId: string, token?: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = token ? `token=${encodeURIComponent(token)}` : `bookingId=${encodeURIComponent(bookingId)}`;
  return `${scheme}//${window.location.host}/ws?${query}`;
}

/** Exponential backoff with jitter: 1 s, 2 s, 4 s … up to 30 s. */
export function backoffMs(attempt: number, random = Math.random()): number {
  const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
  return Math.round(base * (0.75 + random * 0.5));
}

/**
 * The live socket for one booking: reconnects with backoff after a drop, treats long silence as a drop,
 * reconnects at once when the browser comes back online, and gives up on a refused token.
 */
export function useLiveSocket(options: LiveSocketOptions): LiveSocketState {
  const [state, setState] = useState<LiveSocketState>('connecting');
  const handlers = useRef(options);
  handlers.current = options;
  const { bookingId, token, enabled } = options;

  useEffect(() => {
    if (!enabled) {
      setState('offline');
      return;
    }
    let socket: WebSocket | undefined;
    let stopped = false;
    let attempt = 0;
    let everOpened = false;
    let lastHeard = Date.now();
    let retryTimer: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      clearTimeout(retryTimer);
      if (stopped) return;
      setState('connecting');
      const ws = new WebSocket(socketUrl(bookingId, token));
      socket = ws;
      ws.onopen = () => {
        lastHeard = Date.now();
      };
      ws.onmessage = (event) => {
        lastHeard = Date.now();
        let message: LiveMessage;
        try {
          message = JSON.parse(String(event.data)) as LiveMessage;
        } catch {
          return;
        }
        if (message.type === 'connected') {
          attempt = 0;
          setState('live');
          if (everOpened) handlers.current.onReconnect();
          everOpened = true;
          return;
        }
        if (message.type !== 'ping') handlers.current.onMessage(message);
      };
      ws.onclose = (event) => {
        if (socket !== ws) return;
        socket = undefined;
        if (stopped) return;
        if (FATAL_CLOSE_CODES.has(event.code)) {
          setState('refused');
          return;
        }
        setState('offline');
        retryTimer = setTimeout(connect, backoffMs(attempt));
        attempt += 1;
      };
    };

    const watchdog = setInterval(() => {
      if (socket && socket.readyState === WebSocket.OPEN && Date.now() - lastHeard > SILENCE_LIMIT_MS) socket.close();
    }, 10_000);
    const online = () => {
      if (!socket) {
        attempt = 0;
        connect();
      }
    };
    window.addEventListener('online', online);
    connect();

    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(watchdog);
      window.removeEventListener('online', online);
      socket?.close();
    };
  }, [bookingId, token, enabled]);

  return state;
}
