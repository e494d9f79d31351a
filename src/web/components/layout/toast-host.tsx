import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { onToastWanted, toasterReady, toastWanted } from '@web/lib/toast';

const sonner = () => import('sonner');

/**
 * On a wide screen toasts sit in the bottom-right corner, clear of page titles and the action buttons
 * at the top of a page; on a phone they stay at the top, above the sticky buttons at the bottom.
 */
const WIDE = '(min-width: 768px)';
const subscribeWide = (change: () => void) => {
  const media = window.matchMedia(WIDE);
  media.addEventListener('change', change);
  return () => media.removeEventListener('change', change);
};
const useWide = () => useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches);

// sonner's Toaster, fetched with the first toast; it tells lib/toast once it listens.
const Toaster = lazy(() =>
  sonner().then((m) => ({
    default: function ReadyToaster() {
      useEffect(() => {
        // The Toaster subscribes in its own effect, which runs before this sibling's: then toasts may flow.
        const timer = setTimeout(() => toasterReady(m), 0);
        return () => clearTimeout(timer);
      }, []);
      const wide = useWide();
      return <m.Toaster position={wide ? 'bottom-right' : 'top-center'} visibleToasts={1} richColors closeButton />;
    },
  })),
);

/** Where toasts appear: nothing until the first toast is asked for (src/web/lib/toast.ts). */
export function ToastHost() {
  const [wanted, setWanted] = useState(toastWanted);
  useEffect(() => onToastWanted(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
