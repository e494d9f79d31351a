import { KeyRound, Pencil, Search, Trash2, UserPlus } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { formatUsd } from '@shared/money';
import type { ClientSummary } from '@shared/schemas/clients';
import { Link } from '@tanstack/react-router';
import { Badge } from '@web/components/ui/badge';
import { EmailText, NameText } from '@web/components/ui/email-text';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { clientUpcomingQuery, CUSTOMERS_PAGE_SIZE, useClients, useCreateUser, useDeleteClient, useSendPasswordReset, useUpdateClient } from '../api';
import { AdminLayout } from '../components/admin-layout';
import { Field, FormActions } from '../components/form-bits';
import { Pager } from '../components/pager';
import { PersonDialog } from '../components/person-dialog';
import { formatPacificDate, formatPacificDateTime, paymentLabel } from '../components/status';
import { formatUsPhone } from '@shared/contact';

type Customer = ClientSummary;
type DialogState = { kind: 'none' } | { kind: 'edit' | 'delete'; customer: Customer } | { kind: 'create' };

const SOURCE_LABEL: Record<Customer['source'], string> = { account: 'Account', guest: 'Guest', phone: 'Phone', store: 'Store' };
const SOURCE_TONE = { account: 'blue', guest: 'gray', phone: 'purple', store: 'orange' } as const;

/** Where the client came from: an account, or the first booking of someone without one. */
export function SourceBadge({ source }: { source: Customer['source'] }) {
  return (
    <Badge tone={SOURCE_TONE[source]} className="ml-1 align-middle">
      {SOURCE_LABEL[source]}
    </Badge>
  );
}

function CustomerName({ customer }: { customer: Customer }) {
  return (
    <Link to="/admin/customers/$clientId" params={{ clientId: customer.id }} className="text-brand-700 hover:underline dark:text-brand-300">
      {customer.name ? <NameText name={customer.name} /> : 'No name'}
    </Link>
  );
}

function Unverified({ customer }: { customer: Customer }) {
  return customer.emailVerified === false ? <span className="ml-1 text-xs text-amber-700">(unverified)</span> : null;
}

/**
 * The name and e-mail cells of a customer's table row. Names wrap between words and e-mails after "@" or ".",
 * never mid-word (no `truncate`, no `break-all`, no `overflow-wrap: anywhere`).
 */
export function CustomerCells({ customer }: { customer: Customer }) {
  return (
    <>
      <td className="max-w-48 break-normal p-3 font-medium">
        <CustomerName customer={customer} />
        <SourceBadge source={customer.source} />
      </td>
      <td className="max-w-56 break-normal p-3">
        {customer.email ? <EmailText email={customer.email} /> : '—'}
        <Unverified customer={customer} />
      </td>
    </>
  );
}

/** The same two on a narrow screen's card. */
export function CustomerLines({ customer }: { customer: Customer }) {
  return (
    <>
      <p className="break-normal font-semibold">
        <CustomerName customer={customer} />
        <SourceBadge source={customer.source} />
      </p>
      <p className="break-normal text-slate-600">
        {customer.email ? <EmailText email={customer.email} /> : 'No email'}
        <Unverified customer={customer} />
      </p>
    </>
  );
}

export function AdminCustomersPage() {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const { data, isLoading, error, isFetching } = useClients({ q: search, page });
  const reset = useSendPasswordReset();
  const pages = data ? Math.max(1, Math.ceil(data.total / CUSTOMERS_PAGE_SIZE)) : 1;

  // Search as the admin types, a moment after the last key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  const sendReset = (customer: Customer) =>
    customer.email &&
    reset.mutate(customer.email, {
      onSuccess: (result) => toast.success('Password reset sent', { description: result.message }),
      onError: (err) => toast.error('Failed to send password reset', { description: errorMessage(err, 'Please try again.') }),
    });
  const close = (open: boolean) => !open && setDialog({ kind: 'none' });

  return (
    <AdminLayout
      title="Customer Management"
      actions={
        <Button size="sm" onClick={() => setDialog({ kind: 'create' })}>
          <UserPlus aria-hidden /> Create User
        </Button>
      }
    >
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <form role="search" className="relative min-w-0 flex-1 sm:max-w-md" onSubmit={(e: FormEvent) => e.preventDefault()}>
          <Search className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <Input aria-label="Search customers" placeholder="Search by name, email, phone or vehicle" className="pl-9" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
        </form>
        {data && (
          <Badge tone="brand" data-testid="customer-count">
            {data.total} {data.total === 1 ? 'customer' : 'customers'}
          </Badge>
        )}
      </div>

      {isLoading && <Spinner />}
      {error && <Alert tone="error" title="Failed to load customers">{errorMessage(error, 'Please refresh the page')}</Alert>}
      {data && data.items.length === 0 && <EmptyState title="No customers found" />}
      {data && data.items.length > 0 && (
        <div className={isFetching ? 'opacity-70 transition-opacity' : undefined}>
          {/* Wide screens: a table. */}
          <Card className="hidden overflow-x-auto md:block">
            <table className="w-full text-sm" aria-label="Customers">
              <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500 dark:bg-slate-800">
                <tr>
                  <th className="p-3">Name</th>
                  <th className="p-3">Email</th>
                  <th className="p-3">Phone</th>
                  <th className="p-3 text-right">Bookings</th>
                  <th className="p-3 text-right">Spent</th>
                  <th className="hidden p-3 xl:table-cell">Last visit</th>
                  <th className="p-3 text-right">Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.items.map((c) => (
                  <tr key={c.id}>
                    <CustomerCells customer={c} />
                    <td className="p-3">{c.phone ? formatUsPhone(c.phone) : '—'}</td>
                    <td className="p-3 text-right tabular-nums">{c.totalBookings}</td>
                    <td className="p-3 text-right tabular-nums">{formatUsd(c.lifetimeSpend)}</td>
                    <td className="hidden p-3 xl:table-cell">{c.lastVisit ? formatPacificDate(c.lastVisit) : '—'}</td>
                    <td className="p-3">
                      <CustomerActions customer={c} onEdit={() => setDialog({ kind: 'edit', customer: c })} onReset={() => sendReset(c)} onDelete={() => setDialog({ kind: 'delete', customer: c })} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          {/* Narrow screens: cards. */}
          <ul className="flex flex-col gap-3 md:hidden" aria-label="Customers">
            {data.items.map((c) => (
              <li key={c.id}>
                <Card className="p-4 text-sm">
                  <CustomerLines customer={c} />
                  <p className="text-slate-600">{c.phone ? formatUsPhone(c.phone) : 'No phone'}</p>
                  <p className="mt-1 text-xs text-slate-500">
                    {c.totalBookings} bookings · {formatUsd(c.lifetimeSpend)}
                    {c.lastVisit ? ` · last visit ${formatPacificDate(c.lastVisit)}` : ''}
                  </p>
                  <div className="mt-3">
                    <CustomerActions customer={c} onEdit={() => setDialog({ kind: 'edit', customer: c })} onReset={() => sendReset(c)} onDelete={() => setDialog({ kind: 'delete', customer: c })} />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={setPage} />
        </div>
      )}

      <EditCustomerDialog customer={dialog.kind === 'edit' ? dialog.customer : undefined} onOpenChange={close} />
      <DeleteCustomerDialog customer={dialog.kind === 'delete' ? dialog.customer : undefined} onOpenChange={close} />
      <CreateUserDialog open={dialog.kind === 'create'} onOpenChange={close} />
    </AdminLayout>
  );
}

function CustomerActions({ customer, onEdit, onReset, onDelete }: { customer: Customer; onEdit(): void; onReset(): void; onDelete(): void }) {
  const name = customer.name ?? 'client';
  return (
    <div className="flex flex-wrap justify-end gap-1 md:flex-col md:items-end xl:flex-row xl:flex-nowrap">
      <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${name}`}>
        <Pencil aria-hidden /> Edit
      </Button>
      {customer.userId && customer.email && (
        <Button size="sm" variant="outline" onClick={onReset} aria-label={`Reset password of ${name}`}>
          <KeyRound aria-hidden /> Reset Password
        </Button>
      )}
      <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={onDelete} aria-label={`Delete ${name}`}>
        <Trash2 aria-hidden /> Delete
      </Button>
    </div>
  );
}

/** Name, e-mail and phone; for a client with an account they are the account's, and a new e-mail must be verified again. */
export function EditCustomerDialog({ customer, onOpenChange }: { customer?: Customer; onOpenChange(open: boolean): void }) {
  const save = useUpdateClient();
  const [form, setForm] = useState({ fullName: '', email: '', phone: '' });
  const hasAccount = Boolean(customer?.userId);
  useEffect(() => {
    if (customer) setForm({ fullName: customer.name ?? '', email: customer.email ?? '', phone: formatUsPhone(customer.phone) });
  }, [customer]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!customer) return;
    if (!form.fullName.trim() || (hasAccount && !form.email.trim())) return toast.error('Please fill in all required fields');
    save.mutate(
      { id: customer.id, body: { name: form.fullName.trim(), email: form.email.trim() || null, phone: form.phone.trim() || null } },
      {
        onSuccess: () => {
          toast.success('Customer updated');
          onOpenChange(false);
        },
        onError: (error) => toast.error('Failed to update customer', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };
  return (
    <Dialog open={Boolean(customer)} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Customer" description={hasAccount ? 'A new email address must be verified again.' : 'This customer has no account.'}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <Field label="Full Name *" value={form.fullName} onChange={(e) => setForm((f) => ({ ...f, fullName: e.target.value }))} />
          <Field label={hasAccount ? 'Email *' : 'Email'} type="email" value={form.email} onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))} />
          <Field label="Phone" type="tel" value={form.phone} onChange={(e) => setForm((f) => ({ ...f, phone: e.target.value }))} />
          <FormActions onCancel={() => onOpenChange(false)} submit="Save Changes" busy={save.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Deleting erases the person everywhere (bookings keep amounts and dates). Bookings still ahead are listed
 * first: deleting then cancels them (a paid one is refunded, the customer is e-mailed) before the erasure.
 */
export function DeleteCustomerDialog({ customer, onOpenChange, onDeleted }: { customer?: Customer; onOpenChange(open: boolean): void; onDeleted?(): void }) {
  const remove = useDeleteClient();
  const upcoming = useQuery({ ...clientUpcomingQuery(customer?.id ?? 'none'), enabled: Boolean(customer) });
  const ahead = upcoming.data ?? [];
  const paidAhead = ahead.filter((b) => b.paymentStatus === 'paid').length;
  return (
    <Dialog open={Boolean(customer)} onOpenChange={onOpenChange}>
      <DialogContent
        title="Delete customer?"
        description={`${customer?.name ?? 'This customer'}: their name, email, phone, addresses, cards and notes are erased from their account, bookings, packages, store records, mail and analytics, and they are signed out. Amounts and dates stay for the business's records.`}
      >
        {upcoming.isLoading && <Spinner label="Looking for upcoming bookings…" />}
        {upcoming.error && <Alert tone="error">{errorMessage(upcoming.error, 'Could not check for upcoming bookings.')}</Alert>}
        {ahead.length > 0 && (
          <section aria-label="Upcoming bookings" className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
            <p className="font-medium">
              {ahead.length === 1 ? 'This customer has 1 upcoming booking.' : `This customer has ${ahead.length} upcoming bookings.`} Deleting cancels{' '}
              {ahead.length === 1 ? 'it' : 'them'} first
              {paidAhead ? ', refunds what was paid by card' : ''} and e-mails the customer.
            </p>
            <ul className="flex flex-col gap-1">
              {ahead.map((b) => (
                <li key={b.id} className="flex flex-wrap gap-x-2">
                  <span className="font-mono">#{b.id.slice(-8).toUpperCase()}</span>
                  <span>{b.serviceName}</span>
                  <span>{formatPacificDateTime(b.scheduledDate)}</span>
                  <span className="text-slate-600">
                    {formatUsd(b.totalAmount)} · {paymentLabel(b.paymentStatus)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending || upcoming.isLoading || Boolean(upcoming.error)}
            onClick={() =>
              customer &&
              remove.mutate(
                { id: customer.id, cancelUpcoming: ahead.length > 0 },
                {
                  onSuccess: (result) => {
                    toast.success('Customer deleted', { description: result.message });
                    onOpenChange(false);
                    onDeleted?.();
                  },
                  onError: (error) => toast.error('Failed to delete customer', { description: errorMessage(error, 'Please try again.') }),
                },
              )
            }
          >
            <Trash2 aria-hidden /> {ahead.length ? (paidAhead ? 'Cancel, Refund and Delete' : 'Cancel Bookings and Delete') : 'Delete Customer'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const create = useCreateUser();
  return (
    <PersonDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create User"
      description="A customer account. The customer is e-mailed a link to choose a password; nobody else ever sees one."
      submitLabel="Create User"
      pending={create.isPending}
      onSubmit={(form) =>
        create.mutate(form, {
          onSuccess: (result) => {
            toast.success('User created', {
              description: result.invitationSent
                ? `${result.user.email} was e-mailed a link to choose a password.`
                : `The welcome e-mail to ${result.user.email} could not be sent. Send a password reset link from the customer list.`,
            });
            onOpenChange(false);
          },
          onError: (error) => toast.error('Failed to create user', { description: errorMessage(error, 'Please try again.') }),
        })
      }
    />
  );
}
