import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastWanted, toasterReady, toastWanted } from '@web/lib/toast';

const sonner = () => import('sonner');

// sonner's Toaster, fetched with the first toast; it tells lib/toast once it listens.
const Toaster = lazy(() =>
  sonner().then((m) => ({
    default: function ReadyToaster() {
      useEffect(() => {
        // The Toaster subscribes in its own effect, which runs before this sibling's: then toasts may flow.
        const timer = setTimeout(() => toasterReady(m), 0);
        return () => clearTimeout(timer);
      }, []);
      return <m.Toaster position="top-center" visibleToasts={1} richColors closeButton />;
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
