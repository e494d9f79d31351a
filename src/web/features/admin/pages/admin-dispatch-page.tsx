import { CalendarFeedCard } from '@web/components/calendar/calendar-feed-card';
import { AdminLayout } from '../components/admin-layout';
import { DispatchBoard } from '../components/dispatch-board';

/** /admin/dispatch: the day's jobs by driver and by time, the map, assignment; live over the staff channel. */
export function AdminDispatchPage() {
  return (
    <AdminLayout title="Dispatch">
      <div className="flex min-w-0 flex-col gap-6">
        <DispatchBoard />
        <CalendarFeedCard />
      </div>
    </AdminLayout>
  );
}
