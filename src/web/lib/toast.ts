/**
 * Toasts without sonner in the first load (decision 019): `toast`, `toast.success`, `toast.error`, `toast.info`
 * and `toast.warning` take sonner's arguments; the first call fetches sonner, mounts its Toaster (ToastHost in the
 * shell) and shows the toast once the Toaster listens. Later calls go straight through.
 */
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']>[0];

let wanted = false;
const hostListeners = new Set<() => void>();
let markReady: (sonner: Sonner) => void = () => undefined;
const ready = new Promise<Sonner>((resolve) => {
  markReady = resolve;
});

/** The shell's ToastHost waits for this: true once any toast was asked for. */
export function toastWanted(): boolean {
  return wanted;
}

export function onToastWanted(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

/** Called by ToastHost once sonner's Toaster is mounted and subscribed. */
export function toasterReady(sonner: Sonner): void {
  markReady(sonner);
}

function show(send: (sonner: Sonner) => unknown): void {
  if (!wanted) {
    wanted = true;
    for (const listener of hostListeners) listener();
  }
  void ready.then(send);
}

export const toast = Object.assign((message: Message, data?: ExternalToast) => show((s) => s.toast(message, data)), {
  success: (message: Message, data?: ExternalToast) => show((s) => s.toast.success(message, data)),
  error: (message: Message, data?: ExternalToast) => show((s) => s.toast.error(message, data)),
  info: (message: Message, data?: ExternalToast) => show((s) => s.toast.info(message, data)),
  warning: (message: Message, data?: ExternalToast) => show((s) => s.toast.warning(message, data)),
});

/**
 * For a toast shown just before a page opens whose title sits at the top (payment done → tracking): on a
 * phone it goes to the bottom instead of over the new page's title; wide screens keep the bottom-right corner.
 * Only for pages without a sticky bottom bar.
 */
export function clearOfTitle(): Pick<ExternalToast, 'position'> {
  return { position: window.matchMedia('(min-width: 768px)').matches ? 'bottom-right' : 'bottom-center' };
}
