import WebSocket from 'ws';
import type { LiveMessage } from '../../shared/schemas/tracking';

/** A test client: every message it got, and how it closed. */
export interface TestSocket {
  messages: LiveMessage[];
  closed: Promise<{ code: number; reason: string }>;
  socket: WebSocket;
  next(type: LiveMessage['type'], timeoutMs?: number): Promise<LiveMessage>;
}

export function openSocket(url: string, headers: Record<string, string> = {}, options: { autoPong?: boolean } = {}): TestSocket {
  const socket = new WebSocket(url, { headers, autoPong: options.autoPong ?? true });
  const messages: LiveMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as LiveMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  socket.on('error', () => undefined);
  let seen = 0;
  return {
    messages,
    closed,
    socket,
    async next(type, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = messages.findIndex((m, i) => i >= seen && m.type === type);
        if (index >= 0) {
          seen = index + 1;
          return messages[index]!;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${type} message within ${timeoutMs} ms (got ${messages.map((m) => m.type).join(', ')})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}
