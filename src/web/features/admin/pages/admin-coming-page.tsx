import { useRouterState } from '@tanstack/react-router';
import { Construction } from 'lucide-react';
import { EmptyState } from '@web/components/ui/feedback';
import { AdminLayout, ADMIN_NAV } from '../components/admin-layout';

/** Shopify and fulfilment come with a later issue; until then an honest page behind the guard. */
export function AdminComingPage() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const title = ADMIN_NAV.find((item) => item.to === pathname)?.label ?? 'Admin';
  return (
    <AdminLayout title={title}>
      <EmptyState icon={<Construction className="size-10 text-slate-400" aria-hidden />} title={`${title} is not available yet`}>
        <p className="max-w-md text-sm text-slate-500">This part of the back office has not been built yet. The schedule, bookings, customers, services and staff pages are ready.</p>
      </EmptyState>
    </AdminLayout>
  );
}
