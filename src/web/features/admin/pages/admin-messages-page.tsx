import { useState } from 'react';
import type { BusinessSettings } from '@shared/schemas/business-settings';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { AdminLayout } from '../components/admin-layout';
import { Field, SettingsCard, typedWholeNumber } from '../components/form-bits';
import { PoliciesCard } from '../components/policies-card';
import { useBusinessSettings, useSaveReminderSettings } from '../messages-api';

/** /admin/messages: what Glint tells customers on its own — when the reminders go (decision 050) and the cancellation policy it quotes (decision 057). */
export function AdminMessagesPage() {
  const { data, isLoading, error } = useBusinessSettings();
  return (
    <AdminLayout title="Messages">
      <p className="mb-4 max-w-3xl text-sm text-slate-600">
        Customers get reminders before their booking by e-mail, and by text when they agreed to texts. Each booking&apos;s messages are listed on its card under Bookings.
      </p>
      {isLoading && <Spinner />}
      {error && <Alert tone="error" title="Failed to load the settings">{errorMessage(error, 'Please refresh the page')}</Alert>}
      {data && (
        <div className="flex flex-col gap-4">
          <ReminderSettingsCard key={JSON.stringify(data.reminders)} saved={data.reminders} />
          <PoliciesCard key={JSON.stringify(data.cancellation)} saved={data.cancellation} />
        </div>
      )}
    </AdminLayout>
  );
}

const hours = (text: string): number | null => typedWholeNumber(text, 168);

/** The "Reminders" card: hours before the start of the first and second reminder; 0 switches one off. */
function ReminderSettingsCard({ saved }: { saved: BusinessSettings['reminders'] }) {
  const [first, setFirst] = useState(String(saved.firstHoursBefore));
  const [second, setSecond] = useState(String(saved.secondHoursBefore));
  const save = useSaveReminderSettings();
  const firstHours = hours(first);
  const secondHours = hours(second);
  const body = firstHours !== null && secondHours !== null ? { firstHoursBefore: firstHours, secondHoursBefore: secondHours } : null;
  return (
    <SettingsCard title="Reminders" what="reminder times" testId="reminder-settings" save={save} body={body}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="First reminder (hours before)" inputMode="numeric" value={first} onChange={(e) => setFirst(e.target.value)} aria-invalid={firstHours === null} />
        <Field label="Second reminder (hours before)" inputMode="numeric" value={second} onChange={(e) => setSecond(e.target.value)} aria-invalid={secondHours === null} />
      </div>
      <p className="text-sm text-slate-500">0 switches a reminder off; at most 168 hours (a week). A change applies to bookings confirmed or moved afterwards.</p>
    </SettingsCard>
  );
}
