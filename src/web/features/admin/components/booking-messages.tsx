import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MessageChannel, MessageKind, MessageState } from '@shared/schemas/messages';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { bookingMessagesQuery } from '../api';
import { formatPacificDateTime } from './status';

const KIND: Record<MessageKind, string> = {
  reminder_24h: 'Reminder 24 h',
  reminder_2h: 'Reminder 2 h',
  on_my_way: 'On my way',
  review_request: 'Review request',
  payment_reminder: 'Payment reminder',
  driver_message: "Driver's message",
  weather_offer: 'Rain offer',
};
const CHANNEL: Record<MessageChannel, string> = { email: 'E-mail', sms: 'SMS' };
const STATE_TONE: Record<MessageState, 'blue' | 'green' | 'gray' | 'red'> = { scheduled: 'blue', sent: 'green', skipped: 'gray', failed: 'red' };

/** The booking's messages to its customer — kind, channel, due time and state — loaded when opened, a page at a time. */
export function BookingMessages({ bookingId }: { bookingId: string }) {
  const [page, setPage] = useState(1);
  const messages = useQuery(bookingMessagesQuery(bookingId, page));
  if (messages.isPending) return <Spinner className="size-4" />;
  if (messages.isError) return <p className="text-xs text-red-700">{errorMessage(messages.error, 'Could not load the messages.')}</p>;
  const { items, total, pageSize } = messages.data;
  if (!total) return <p className="text-xs text-slate-500">No messages scheduled.</p>;
  return (
    <div className="flex flex-col gap-1">
      <table className="w-full text-left text-xs">
        <thead className="text-slate-500">
          <tr>
            <th className="font-medium">Message</th>
            <th className="font-medium">Channel</th>
            <th className="font-medium">Due (Pacific)</th>
            <th className="font-medium">State</th>
          </tr>
        </thead>
        <tbody>
          {items.map((m) => (
            <tr key={m.id} data-testid="booking-message">
              <td>{KIND[m.kind]}</td>
              <td>{CHANNEL[m.channel]}</td>
              <td>{formatPacificDateTime(m.dueAt)}</td>
              <td>
                <Badge tone={STATE_TONE[m.state]} title={m.lastError ?? undefined}>
                  {m.state}
                </Badge>
                {m.lastError && <span className="ml-1 text-slate-500">{m.lastError}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > pageSize && (
        <div className="flex gap-2">
          <Button size="sm" variant="ghost" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button size="sm" variant="ghost" disabled={page * pageSize >= total} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </div>
  );
}
