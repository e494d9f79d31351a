import { Plus, Send, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { WebhookEndpoint } from '@shared/schemas/webhooks';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@shared/webhook-events';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { AdminLayout } from '../components/admin-layout';
import { CheckboxField, Field, FormActions } from '../components/form-bits';
import { Pager } from '../components/pager';
import { formatPacificDateTime } from '../components/status';
import { useAddWebhookEndpoint, useDeleteWebhookEndpoint, useSendTestWebhook, useSetWebhookEnabled, useWebhookAttempts, useWebhookEndpoints } from '../webhooks-api';

/** /admin/webhooks: endpoints of the owner's other tools, a test event, the delivery log (decision 052). */
export function AdminWebhooksPage() {
  const { data, isLoading, error } = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <AdminLayout
      title="Webhooks"
      actions={
        <Button size="sm" onClick={() => setAdding(true)}>
          <Plus aria-hidden /> Add Endpoint
        </Button>
      }
    >
      <p className="mb-4 max-w-3xl text-sm text-slate-600">
        Glint tells your other tools when bookings and payments change. Each request is signed per Standard Webhooks with the endpoint's secret; the events and payloads are in the{' '}
        <a className="underline" href="/api/docs">
          API documentation
        </a>
        .
      </p>
      {secret && (
        <Alert tone="success" title="Endpoint added: copy its signing secret now">
          <p className="text-sm">It is shown only this once.</p>
          <code className="mt-2 block break-all rounded bg-white p-2 font-mono text-sm text-slate-900" data-testid="webhook-secret">
            {secret}
          </code>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => setSecret(null)}>
            I have copied it
          </Button>
        </Alert>
      )}
      {isLoading && <Spinner />}
      {error && <Alert tone="error" title="Failed to load webhooks">{errorMessage(error, 'Please refresh the page')}</Alert>}
      {data && data.items.length === 0 && (
        <EmptyState title="No endpoints yet">
          <p className="text-sm text-slate-500">Add an https URL of a tool that should hear about bookings.</p>
        </EmptyState>
      )}
      <ul className="mt-4 grid gap-4" aria-label="Endpoints">
        {data?.items.map((endpoint) => (
          <li key={endpoint.id}>
            <EndpointCard endpoint={endpoint} />
          </li>
        ))}
      </ul>
      <AddEndpointDialog open={adding} onOpenChange={setAdding} onAdded={setSecret} />
    </AdminLayout>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const setEnabled = useSetWebhookEnabled();
  const test = useSendTestWebhook();
  const [deleting, setDeleting] = useState(false);
  return (
    <Card className={endpoint.enabled ? 'p-4' : 'p-4 opacity-80'} aria-label={endpoint.url}>
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="break-all font-mono text-sm font-semibold">{endpoint.url}</p>
          <p className="mt-1 text-xs text-slate-500">
            Secret {endpoint.secretHint} · added {formatPacificDateTime(endpoint.createdAt)}
          </p>
          <div className="mt-2 flex flex-wrap gap-1">
            {endpoint.events.map((type) => (
              <Badge key={type} tone="gray">
                {type}
              </Badge>
            ))}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {!endpoint.enabled && <Badge tone="red">{endpoint.disabledReason ?? 'Disabled'}</Badge>}
          <label className="flex items-center gap-2 text-sm">
            <Switch
              checked={endpoint.enabled}
              disabled={setEnabled.isPending}
              onCheckedChange={(enabled) =>
                setEnabled.mutate({ id: endpoint.id, enabled }, { onError: (err) => toast.error('Could not update the endpoint', { description: errorMessage(err, 'Please try again.') }) })
              }
              aria-label={`Enabled: ${endpoint.url}`}
            />
            Enabled
          </label>
          <Button
            size="sm"
            variant="outline"
            disabled={!endpoint.enabled || test.isPending}
            onClick={() =>
              test.mutate(endpoint.id, {
                onSuccess: (r) => (r.delivered ? toast.success('Test event delivered') : toast.error('Test event not delivered', { description: 'See the delivery log; it will be retried.' })),
                onError: (err) => toast.error('Could not send a test event', { description: errorMessage(err, 'Please try again.') }),
              })
            }
          >
            <Send aria-hidden /> Send Test Event
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDeleting(true)} aria-label={`Delete ${endpoint.url}`}>
            <Trash2 aria-hidden /> Delete
          </Button>
        </div>
      </div>
      <DeliveryLog endpointId={endpoint.id} />
      <DeleteEndpointDialog endpoint={endpoint} open={deleting} onOpenChange={setDeleting} />
    </Card>
  );
}

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const [page, setPage] = useState(1);
  const { data } = useWebhookAttempts(endpointId, page);
  if (!data) return null;
  if (!data.items.length) return <p className="mt-3 text-sm text-slate-500">No deliveries yet.</p>;
  return (
    <div className="mt-3">
      <table className="w-full text-left text-sm" aria-label="Delivery log">
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th className="py-1 font-medium">When</th>
            <th className="py-1 font-medium">Event</th>
            <th className="py-1 font-medium">Attempt</th>
            <th className="py-1 font-medium">Status</th>
            <th className="py-1 font-medium">Duration</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((a) => (
            <tr key={a.id} className="border-t border-slate-100">
              <td className="py-1">{formatPacificDateTime(a.createdAt)}</td>
              <td className="py-1 font-mono text-xs">{a.eventType}</td>
              <td className="py-1">{a.attempt}</td>
              <td className="py-1">
                {a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300 ? (
                  <Badge tone="green">{a.statusCode}</Badge>
                ) : (
                  <Badge tone="red" title={a.error ?? undefined}>
                    {a.statusCode ?? 'No answer'}
                  </Badge>
                )}
              </td>
              <td className="py-1">{a.durationMs} ms</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.total > data.pageSize && <Pager page={page} pages={Math.ceil(data.total / data.pageSize)} onPage={setPage} label="Delivery log pages" />}
    </div>
  );
}

function AddEndpointDialog({ open, onOpenChange, onAdded }: { open: boolean; onOpenChange(open: boolean): void; onAdded(secret: string): void }) {
  const add = useAddWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['booking.created', 'booking.confirmed', 'booking.cancelled']);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (made) => {
          onAdded(made.secret);
          setUrl('');
          onOpenChange(false);
        },
        onError: (err) => toast.error('Could not add the endpoint', { description: errorMessage(err, 'Please check the URL.') }),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Add Endpoint" description="An https URL of your other tool, and the events it should hear.">
        <form className="grid gap-3" onSubmit={submit}>
          <Field label="URL" type="url" required placeholder="https://example.com/glint-webhooks" value={url} onChange={(e) => setUrl(e.target.value)} />
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium">Events</legend>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <CheckboxField key={type} label={type} checked={events.includes(type)} onChange={(on) => setEvents((list) => (on ? [...list, type] : list.filter((t) => t !== type)))} />
            ))}
          </fieldset>
          <FormActions onCancel={() => onOpenChange(false)} submit="Add Endpoint" busy={add.isPending || !events.length} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteEndpointDialog({ endpoint, open, onOpenChange }: { endpoint: WebhookEndpoint; open: boolean; onOpenChange(open: boolean): void }) {
  const remove = useDeleteWebhookEndpoint();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Delete this endpoint?" description={`${endpoint.url} will hear nothing more, and its delivery log goes with it.`}>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(endpoint.id, {
                onSuccess: () => onOpenChange(false),
                onError: (err) => toast.error('Could not delete the endpoint', { description: errorMessage(err, 'Please try again.') }),
              })
            }
          >
            Delete Endpoint
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
