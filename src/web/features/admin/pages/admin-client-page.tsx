import { ArrowLeft, GitMerge, Pencil, Search, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { formatUsPhone } from '@shared/contact';
import { formatUsd } from '@shared/money';
import type { ClientDetail, ClientSummary } from '@shared/schemas/clients';
import { Badge } from '@web/components/ui/badge';
import { EmailText } from '@web/components/ui/email-text';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { CLIENT_BOOKINGS_PAGE_SIZE, clientBookingsQuery, clientQuery, clientsQuery, useMergeClient, useUpdateClient } from '../api';
import { AdminLayout } from '../components/admin-layout';
import { CheckboxField, LabelledControl } from '../components/form-bits';
import { Pager } from '../components/pager';
import { formatPacificDate, formatPacificDateTime, paymentLabel, statusLabel, statusTone } from '../components/status';
import { DeleteCustomerDialog, EditCustomerDialog, SourceBadge } from './admin-customers-page';

/**
 * One client's record (docs/decisions/039-clients.md): contact, vehicles, addresses, notes and tags the
 * business keeps, every booking, lifetime spend, last visit and package credits; merge and delete.
 */
const route = getRouteApi('/admin/customers/$clientId');

export function AdminClientPage() {
  const { clientId } = route.useParams();
  const navigate = useNavigate();
  const client = useQuery(clientQuery(clientId));
  const [dialog, setDialog] = useState<'none' | 'edit' | 'merge' | 'delete'>('none');
  const data = client.data;
  const close = (open: boolean) => !open && setDialog('none');

  return (
    <AdminLayout
      title={data?.name ?? 'Customer'}
      actions={
        data && (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setDialog('edit')}>
              <Pencil aria-hidden /> Edit
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDialog('merge')}>
              <GitMerge aria-hidden /> Merge…
            </Button>
            <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setDialog('delete')}>
              <Trash2 aria-hidden /> Delete
            </Button>
          </div>
        )
      }
    >
      <Link to="/admin/customers" className="mb-4 inline-flex items-center gap-1 text-sm text-brand-700 hover:underline dark:text-brand-300">
        <ArrowLeft className="size-4" aria-hidden /> All customers
      </Link>
      {client.isLoading && <Spinner />}
      {client.error && <Alert tone="error" title="Failed to load the customer">{errorMessage(client.error, 'Please refresh the page')}</Alert>}
      {data && (
        <div className="grid gap-4 lg:grid-cols-3">
          <div className="flex flex-col gap-4 lg:col-span-1">
            <ContactCard client={data} />
            <NotesCard client={data} />
            <ListCard title="Vehicles" empty="No vehicle on record">
              {data.vehicles.map((v) => (
                <li key={v.description}>
                  {v.sizeClass && <span className="mr-1 text-xs font-semibold uppercase text-slate-500">{v.sizeClass === 'suv' ? 'SUV' : v.sizeClass}</span>}
                  {v.description}
                  {v.plate && <span className="ml-1 font-mono text-xs">{v.plate}</span>}
                  {v.saved && <span className="ml-1 text-xs text-slate-500">(saved)</span>}
                  {v.lastSeen && <span className="ml-1 text-xs text-slate-500">· {formatPacificDate(v.lastSeen)}</span>}
                </li>
              ))}
            </ListCard>
            <ListCard title="Addresses" empty="No address on record">
              {data.addresses.map((a) => (
                <li key={`${a.street}|${a.city}|${a.zipCode}`}>
                  {[a.street, a.city, [a.state, a.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
                  {a.saved && <span className="ml-1 text-xs text-slate-500">(saved)</span>}
                </li>
              ))}
            </ListCard>
            {data.userId && (
              <ListCard title="Package credits" empty="No package credits">
                {data.packageCredits.map((p) => (
                  <li key={p.id}>
                    {p.packageName}: {p.servicesRemaining} × {p.serviceName} left
                    {p.expiresAt && <span className="ml-1 text-xs text-slate-500">(until {formatPacificDate(p.expiresAt)})</span>}
                  </li>
                ))}
              </ListCard>
            )}
          </div>
          <div className="lg:col-span-2">
            <BookingHistory clientId={data.id} />
          </div>
        </div>
      )}
      <EditCustomerDialog customer={dialog === 'edit' ? data : undefined} onOpenChange={close} />
      <MergeDialog client={dialog === 'merge' ? data : undefined} onOpenChange={close} onMerged={(id) => navigate({ to: '/admin/customers/$clientId', params: { clientId: id } })} />
      <DeleteCustomerDialog customer={dialog === 'delete' ? data : undefined} onOpenChange={close} onDeleted={() => navigate({ to: '/admin/customers' })} />
    </AdminLayout>
  );
}

export function ContactCard({ client }: { client: ClientDetail }) {
  return (
    <Card className="p-4 text-sm">
      <h2 className="mb-2 flex items-center gap-1 text-base font-semibold">
        Contact <SourceBadge source={client.source} />
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-500">Email</dt>
        <dd className="break-normal">
          {client.email ? <EmailText email={client.email} /> : '—'}
          {client.emailVerified === false && <span className="ml-1 text-xs text-amber-700">(unverified)</span>}
        </dd>
        <dt className="text-slate-500">Phone</dt>
        <dd>{client.phone ? formatUsPhone(client.phone) : '—'}</dd>
        <dt className="text-slate-500">Bookings</dt>
        <dd>{client.totalBookings}</dd>
        <dt className="text-slate-500">Lifetime spend</dt>
        <dd data-testid="lifetime-spend">{formatUsd(client.lifetimeSpend)}</dd>
        <dt className="text-slate-500">Last visit</dt>
        <dd>{client.lastVisit ? formatPacificDate(client.lastVisit) : '—'}</dd>
        <dt className="text-slate-500">Customer since</dt>
        <dd>{formatPacificDate(client.createdAt)}</dd>
      </dl>
      {client.mergedCount > 0 && <p className="mt-2 text-xs text-slate-500">Includes {client.mergedCount} merged record{client.mergedCount === 1 ? '' : 's'}.</p>}
    </Card>
  );
}

/** Notes, tags and marketing consent: the business's own words about the customer, saved together. */
function NotesCard({ client }: { client: ClientDetail }) {
  const save = useUpdateClient();
  const [notes, setNotes] = useState(client.notes);
  const [tags, setTags] = useState(client.tags.join(', '));
  const [consent, setConsent] = useState(client.marketingConsent);
  useEffect(() => {
    setNotes(client.notes);
    setTags(client.tags.join(', '));
    setConsent(client.marketingConsent);
  }, [client.notes, client.tags, client.marketingConsent]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tagList = tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    save.mutate(
      { id: client.id, body: { notes, tags: tagList, marketingConsent: consent } },
      {
        onSuccess: () => toast.success('Notes saved'),
        onError: (error) => toast.error('Failed to save notes', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };
  return (
    <Card className="p-4 text-sm">
      <form onSubmit={submit} className="flex flex-col gap-3">
        <LabelledControl label="Notes">
          {(id) => (
            <textarea
              id={id}
              rows={5}
              maxLength={5000}
              className="rounded-md border border-slate-300 bg-white p-2 text-sm dark:border-slate-700 dark:bg-slate-900"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          )}
        </LabelledControl>
        <LabelledControl label="Tags (comma separated)">{(id) => <Input id={id} value={tags} onChange={(e) => setTags(e.target.value)} />}</LabelledControl>
        <CheckboxField label="Agrees to marketing e-mails" checked={consent} onChange={setConsent} />
        {client.tags.length > 0 && (
          <div className="flex flex-wrap gap-1" aria-label="Tags">
            {client.tags.map((t) => (
              <Badge key={t} tone="blue">
                {t}
              </Badge>
            ))}
          </div>
        )}
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={save.isPending}>
            Save Notes
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ListCard({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Card className="p-4 text-sm">
      <h2 className="mb-2 text-base font-semibold">{title}</h2>
      {children.length ? (
        <ul className="flex flex-col gap-1 [overflow-wrap:anywhere]" aria-label={title}>
          {children}
        </ul>
      ) : (
        <p className="text-slate-500">{empty}</p>
      )}
    </Card>
  );
}

function BookingHistory({ clientId }: { clientId: string }) {
  const [page, setPage] = useState(1);
  const history = useQuery(clientBookingsQuery(clientId, page));
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / CLIENT_BOOKINGS_PAGE_SIZE)) : 1;
  return (
    <Card className="overflow-x-auto p-4">
      <h2 className="mb-2 text-base font-semibold">Bookings{history.data ? ` (${history.data.total})` : ''}</h2>
      {history.isLoading && <Spinner />}
      {history.error && <Alert tone="error">{errorMessage(history.error, 'Could not load the bookings.')}</Alert>}
      {history.data && history.data.items.length === 0 && <EmptyState title="No bookings yet" />}
      {history.data && history.data.items.length > 0 && (
        <table className="w-full text-sm" aria-label="Booking history">
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="p-2">Booking</th>
              <th className="p-2">When</th>
              <th className="p-2">Service</th>
              <th className="p-2">Status</th>
              <th className="p-2">Payment</th>
              <th className="p-2 text-right">Total</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {history.data.items.map((b) => (
              <tr key={b.id}>
                <td className="p-2 font-mono">#{b.id.slice(-8).toUpperCase()}</td>
                <td className="p-2">{formatPacificDateTime(b.scheduledDate)}</td>
                <td className="p-2">
                  {b.serviceName}
                  {b.vehicle && <span className="block text-xs text-slate-500">{b.vehicle}</span>}
                </td>
                <td className="p-2">
                  <Badge tone={statusTone(b.status)}>{statusLabel(b.status)}</Badge>
                </td>
                <td className="p-2">{paymentLabel(b.paymentStatus)}</td>
                <td className="p-2 text-right tabular-nums">{formatUsd(b.totalAmount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} pages={pages} onPage={setPage} label="Booking pages" />
    </Card>
  );
}

/** Merge: pick the record this one is the same person as, then confirm; this one's bookings, notes and tags move there. */
function MergeDialog({ client, onOpenChange, onMerged }: { client?: ClientDetail; onOpenChange(open: boolean): void; onMerged(id: string): void }) {
  const merge = useMergeClient();
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<ClientSummary | undefined>();
  const search = useQuery({ ...clientsQuery({ q: q.trim(), page: 1 }), enabled: Boolean(client) && q.trim().length >= 2 });
  useEffect(() => {
    setQ('');
    setChosen(undefined);
  }, [client?.id]);
  const candidates = (search.data?.items ?? []).filter((c) => c.id !== client?.id);
  const confirm = () =>
    client &&
    chosen &&
    merge.mutate(
      { id: client.id, intoClientId: chosen.id },
      {
        onSuccess: (result) => {
          toast.success('Customers merged', { description: result.message });
          onOpenChange(false);
          onMerged(result.id);
        },
        onError: (error) => toast.error('Failed to merge', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  return (
    <Dialog open={Boolean(client)} onOpenChange={onOpenChange}>
      <DialogContent title="Merge customer" description={`Choose the record ${client?.name ?? 'this customer'} is the same person as. Bookings, notes and tags move there, and this record leaves the list.`}>
        <div className="relative">
          <Search className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <Input aria-label="Find the other customer" placeholder="Name, email or phone" className="pl-9" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
        {search.isFetching && <Spinner />}
        {candidates.length > 0 && (
          <ul className="flex max-h-60 flex-col gap-1 overflow-y-auto" aria-label="Matching customers">
            {candidates.map((c) => (
              <li key={c.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded-md p-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
                  <input type="radio" name="merge-into" checked={chosen?.id === c.id} onChange={() => setChosen(c)} />
                  <span className="break-normal">
                    {c.name ?? 'No name'} <SourceBadge source={c.source} />
                    <span className="block text-xs text-slate-500">
                      {c.email && (
                        <>
                          <EmailText email={c.email} />
                          {' · '}
                        </>
                      )}
                      {[c.phone && formatUsPhone(c.phone), `${c.totalBookings} bookings`].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {chosen && (
          <Alert tone="warning">
            {client?.name ?? 'This customer'} ({client?.totalBookings} bookings) will be merged into {chosen.name ?? 'the chosen customer'}. This cannot be undone.
          </Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={!chosen || merge.isPending} onClick={confirm}>
            <GitMerge aria-hidden /> Merge
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
