import { CalendarPlus, CheckCircle2, Clock, Eye, Link2, Package, RefreshCw, ShoppingCart, Truck } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@web/lib/toast';
import { formatUsd } from '@shared/money';
import type { OrderCoverageItem, StoreOrderView } from '@shared/schemas/store-orders';
import { pacificInstant } from '@shared/time';
import { Badge } from '@web/components/ui/badge';
import { EmailText } from '@web/components/ui/email-text';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { Select, Textarea } from '@web/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { errorMessage } from '@web/lib/api';
import { useAdminServices } from '../api';
import { AdminLayout } from '../components/admin-layout';
import { Pager } from '../components/pager';
import { Field, LabelledControl } from '../components/form-bits';
import { formatPacificDate, formatPacificDateTime, statusLabel, statusTone, type Tone } from '../components/status';
import { PAGE_SIZE, useCreateBookingFromOrder, useFulfillmentOrders, useFulfillmentStatus, type FulfillmentTab } from '../fulfillment-api';

/** /admin/fulfillment: five stat cards, three tabs, details and Create Booking dialogs. */
export function AdminFulfillmentPage() {
  const status = useFulfillmentStatus();
  const [tab, setTab] = useState<FulfillmentTab>('pending');
  const [viewing, setViewing] = useState<StoreOrderView | null>(null);
  const [booking, setBooking] = useState<StoreOrderView | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const pending = useFulfillmentOrders('pending', 1);
  const all = useFulfillmentOrders('all', 1);

  const refresh = async () => {
    setRefreshing(true);
    await Promise.all([status.refetch(), pending.refetch(), all.refetch()]).finally(() => setRefreshing(false));
  };
  const s = status.data;

  return (
    <AdminLayout
      title="Order Fulfillment"
      actions={
        <Button size="sm" variant="outline" onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw aria-hidden className={refreshing ? 'animate-spin' : undefined} /> Refresh
        </Button>
      }
    >
      {status.error && <Alert tone="error" title="Failed to load fulfillment status">{errorMessage(status.error, 'Please refresh the page')}</Alert>}
      <ul className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-5" aria-label="Fulfillment summary">
        <Stat label="Total Orders" value={s?.total_orders} icon={<ShoppingCart aria-hidden />} />
        <Stat label="Paid Orders" value={s?.paid_orders} icon={<CheckCircle2 aria-hidden />} />
        <Stat label="Linked to Bookings" value={s?.linked_to_bookings} icon={<Link2 aria-hidden />} />
        <Stat label="Pending Fulfillment" value={s?.pending_fulfillment} icon={<Clock aria-hidden />} />
        <Stat label="Completed Services" value={s?.completed_services} icon={<Truck aria-hidden />} />
      </ul>
      <Tabs value={tab} onValueChange={(value) => setTab(value as FulfillmentTab)}>
        <TabsList>
          <TabsTrigger value="pending">Pending Fulfillment ({pending.data?.total ?? s?.pending_fulfillment ?? 0})</TabsTrigger>
          <TabsTrigger value="all">All Orders ({all.data?.total ?? s?.paid_orders ?? 0})</TabsTrigger>
          <TabsTrigger value="fulfilled">Fulfilled Orders</TabsTrigger>
        </TabsList>
        {(['pending', 'all', 'fulfilled'] as const).map((value) => (
          <TabsContent key={value} value={value}>
            {tab === value && <OrderList tab={value} onView={setViewing} onBook={setBooking} />}
          </TabsContent>
        ))}
      </Tabs>
      <DetailsDialog order={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <CreateBookingDialog order={booking} onOpenChange={(open) => !open && setBooking(null)} />
    </AdminLayout>
  );
}

function Stat({ label, value, icon }: { label: string; value: number | undefined; icon: ReactNode }) {
  return (
    <li>
      <Card className="flex items-center gap-3 p-4" aria-label={label}>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700 [&_svg]:size-5">{icon}</span>
        <span>
          <span className="block text-xs text-slate-500">{label}</span>
          <span className="block text-2xl font-semibold">{value ?? '–'}</span>
        </span>
      </Card>
    </li>
  );
}

const EMPTY: Record<FulfillmentTab, { title: string; text: string }> = {
  pending: { title: 'No orders pending fulfillment', text: 'Paid store orders waiting for their service appear here.' },
  all: { title: 'No paid orders yet', text: 'Paid orders from the store appear here after a sync.' },
  fulfilled: { title: 'No fulfilled orders yet', text: 'Orders whose booked service was completed and fulfilled in the store appear here.' },
};

function OrderList({ tab, onView, onBook }: { tab: FulfillmentTab; onView(order: StoreOrderView): void; onBook(order: StoreOrderView): void }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useFulfillmentOrders(tab, page);
  if (isLoading) return <Spinner />;
  if (error) return <Alert tone="error" title="Failed to load orders">{errorMessage(error, 'Please refresh the page')}</Alert>;
  if (!data || data.items.length === 0) {
    return (
      <EmptyState icon={<Package className="size-10 text-slate-400" aria-hidden />} title={EMPTY[tab].title}>
        <p className="text-sm text-slate-500">{EMPTY[tab].text}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid gap-4 lg:grid-cols-2" aria-label="Orders">
        {data.items.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} showLink={tab !== 'pending'} onView={() => onView(order)} onBook={() => onBook(order)} />
          </li>
        ))}
      </ul>
      <Pager page={page} pages={Math.ceil(data.total / PAGE_SIZE)} onPage={setPage} />
    </>
  );
}

function financialTone(status: string | null): Tone {
  if (status === 'paid') return 'green';
  if (status === 'refunded' || status === 'partially_refunded') return 'purple';
  return 'yellow';
}

function fulfillmentTone(status: string | null): Tone {
  if (status === 'fulfilled') return 'green';
  if (status === 'partial') return 'orange';
  return 'gray';
}

const money = (order: StoreOrderView) => `${formatUsd(order.totalPrice)} ${order.currency}`;

function addressLines(address: StoreOrderView['shippingAddress']): string | null {
  if (!address) return null;
  return [address.address1, [address.city, address.province, address.zip].filter(Boolean).join(', '), address.country].filter(Boolean).join(' · ') || null;
}

function StatusBadges({ order }: { order: StoreOrderView }) {
  return (
    <>
      <Badge tone={financialTone(order.financialStatus)}>{statusLabel(order.financialStatus ?? 'pending')}</Badge>
      <Badge tone={fulfillmentTone(order.fulfillmentStatus)}>{statusLabel(order.fulfillmentStatus ?? 'unfulfilled')}</Badge>
    </>
  );
}

const SIZE_WORDS = { sedan: 'Sedan', suv: 'SUV', oversize: 'Oversize' } as const;

/** What a line books: "Interior Refresh · SUV", "Add-on: Pet hair removal"; null when it books nothing. */
function coverText(item: OrderCoverageItem): string | null {
  if (!item.kind || !item.itemName) return null;
  const size = item.sizeClass ? ` · ${SIZE_WORDS[item.sizeClass]}` : '';
  return item.kind === 'add_on' ? `Add-on: ${item.itemName}${size}` : `${item.itemName}${size}`;
}

/** The order's lines, each with what it books; a line whose product maps to nothing says so (never dropped). */
function LineItems({ order }: { order: StoreOrderView }) {
  return (
    <ul className="text-sm" aria-label="Line items">
      {order.covers.map((item, i) => (
        <li key={i} className="flex justify-between gap-2">
          <div className="min-w-0">
            <span>
              {item.name} × {item.quantity}
            </span>
            <span className="block text-xs text-slate-500">{coverText(item) ?? <Badge tone="yellow">Not booked (product not mapped)</Badge>}</span>
          </div>
          <span>{formatUsd(item.price)}</span>
        </li>
      ))}
    </ul>
  );
}

function OrderCard({ order, showLink, onView, onBook }: { order: StoreOrderView; showLink: boolean; onView(): void; onBook(): void }) {
  const shipping = addressLines(order.shippingAddress);
  const linked = Boolean(order.booking);
  return (
    <Card className="flex h-full flex-col gap-2 p-4" aria-label={`Order #${order.orderNumber}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-auto font-semibold">Order #{order.orderNumber}</h3>
        <StatusBadges order={order} />
        {showLink && linked && <Badge tone="blue">Linked to Booking</Badge>}
      </div>
      <p className="text-sm">
        <span className="font-medium">{order.customerName ?? 'Store customer'}</span> · {order.email ? <EmailText email={order.email} /> : 'No email'}
      </p>
      <p className="text-sm text-slate-600">
        <span className="font-semibold text-slate-900 dark:text-white">{money(order)}</span> · {formatPacificDate(order.createdAt)}
      </p>
      <LineItems order={order} />
      {shipping && <p className="text-xs text-slate-500">Ship to: {shipping}</p>}
      {showLink && order.booking && <p className="text-xs text-slate-600">Booking: {formatPacificDateTime(order.booking.scheduledDate)}</p>}
      {order.fulfillmentError && !order.fulfilledAt && <p className="text-xs text-red-700">Fulfillment retrying: {order.fulfillmentError}</p>}
      <div className="mt-auto flex gap-2 pt-2">
        <Button size="sm" variant="outline" onClick={onView} aria-label={`View order #${order.orderNumber}`}>
          <Eye aria-hidden /> View
        </Button>
        {!linked && order.financialStatus === 'paid' && (
          <Button size="sm" onClick={onBook} aria-label={`Create booking for order #${order.orderNumber}`}>
            <CalendarPlus aria-hidden /> Create Booking
          </Button>
        )}
      </div>
    </Card>
  );
}

function DetailsDialog({ order, onOpenChange }: { order: StoreOrderView | null; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={Boolean(order)} onOpenChange={onOpenChange}>
      {order && (
        <DialogContent title={`Order #${order.orderNumber}`} className="max-w-xl">
          <dl className="grid grid-cols-[9rem_1fr] gap-x-3 gap-y-2 text-sm">
            <dt className="text-slate-500">Customer</dt>
            <dd>{order.customerName ?? 'N/A'}</dd>
            <dt className="text-slate-500">Email</dt>
            <dd>{order.email ? <EmailText email={order.email} /> : 'N/A'}</dd>
            <dt className="text-slate-500">Phone</dt>
            <dd>{order.phone ?? 'N/A'}</dd>
            <dt className="text-slate-500">Total</dt>
            <dd>{money(order)}</dd>
            <dt className="text-slate-500">Created</dt>
            <dd>{formatPacificDateTime(order.createdAt)}</dd>
            <dt className="text-slate-500">Status</dt>
            <dd className="flex flex-wrap gap-1">
              <StatusBadges order={order} />
            </dd>
            <dt className="text-slate-500">Shipping address</dt>
            <dd>{addressLines(order.shippingAddress) ?? 'N/A'}</dd>
            {order.fulfilledAt && (
              <>
                <dt className="text-slate-500">Fulfilled</dt>
                <dd>{formatPacificDateTime(order.fulfilledAt)}</dd>
              </>
            )}
          </dl>
          <h4 className="mt-4 mb-1 font-semibold">Line items</h4>
          <LineItems order={order} />
          <h4 className="mt-4 mb-1 font-semibold">Linked booking</h4>
          {order.booking ? (
            <dl className="grid grid-cols-[9rem_1fr] gap-x-3 gap-y-2 text-sm" aria-label="Linked booking">
              <dt className="text-slate-500">Status</dt>
              <dd>
                <Badge tone={statusTone(order.booking.status)}>{statusLabel(order.booking.status)}</Badge>
              </dd>
              <dt className="text-slate-500">Scheduled</dt>
              <dd>{formatPacificDateTime(order.booking.scheduledDate)}</dd>
              <dt className="text-slate-500">Amount</dt>
              <dd>{formatUsd(order.booking.totalAmount)}</dd>
            </dl>
          ) : (
            <p className="text-sm text-slate-500">No booking yet.</p>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

const blank = { serviceId: '', scheduledDate: '', notes: '' };

function CreateBookingDialog({ order, onOpenChange }: { order: StoreOrderView | null; onOpenChange(open: boolean): void }) {
  const services = useAdminServices();
  const create = useCreateBookingFromOrder();
  const [form, setForm] = useState(blank);
  const close = () => {
    setForm(blank);
    onOpenChange(false);
  };

  // The order's mapped lines are the booking (docs/decisions/044); a service is chosen only for an order that maps none.
  const booked = order?.covers.filter((item) => item.kind) ?? [];
  const needsService = !booked.some((item) => item.kind === 'service');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!order || create.isPending) return;
    if ((needsService && !form.serviceId) || !form.scheduledDate) return toast.error('Missing Information', { description: 'Please fill in all required fields.' });
    const [dateKey, time] = form.scheduledDate.split('T') as [string, string];
    create.mutate(
      { orderId: order.id, body: { serviceId: needsService ? form.serviceId : undefined, scheduledDate: pacificInstant(dateKey, time.slice(0, 5)).toISOString(), notes: form.notes.trim() || undefined } },
      {
        onSuccess: () => {
          toast.success('Booking Created', { description: `Order #${order.orderNumber} is booked and the customer was e-mailed a tracking link.` });
          close();
        },
        onError: (err) => toast.error('Failed to Create Booking', { description: errorMessage(err, 'Please try again.') }),
      },
    );
  };

  return (
    <Dialog open={Boolean(order)} onOpenChange={(open) => (open ? onOpenChange(true) : close())}>
      {order && (
        <DialogContent title={`Create Booking for Order #${order.orderNumber}`} description={`${order.customerName ?? order.email ?? ''} · ${money(order)}`}>
          <form onSubmit={submit} noValidate className="flex flex-col gap-3">
            {booked.length > 0 && (
              <fieldset className="flex flex-col gap-1 text-sm">
                <legend className="mb-1 font-medium">From the order</legend>
                {booked.map((item, i) => (
                  <label key={i} className="flex items-center gap-2">
                    <input type="checkbox" className="size-4 accent-brand-700" checked disabled />
                    {coverText(item)} – {formatUsd(item.price)}
                    {item.quantity > 1 ? ` × ${item.quantity}` : ''}
                  </label>
                ))}
              </fieldset>
            )}
            {order.covers.some((item) => !item.kind) && (
              <p className="text-xs text-slate-500">Not booked: {order.covers.filter((item) => !item.kind).map((item) => item.name).join(', ')}</p>
            )}
            {needsService && (
              <LabelledControl label="Service *">
                {(id) => (
                  <Select id={id} value={form.serviceId} onChange={(e) => setForm({ ...form, serviceId: e.target.value })}>
                    <option value="">Choose a service</option>
                    {services.data?.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name} – {formatUsd(s.price)}
                      </option>
                    ))}
                  </Select>
                )}
              </LabelledControl>
            )}
            <Field label="Scheduled date and time (Pacific) *" type="datetime-local" value={form.scheduledDate} onChange={(e) => setForm({ ...form, scheduledDate: e.target.value })} />
            <LabelledControl label="Notes">{(id) => <Textarea id={id} rows={3} value={form.notes} onChange={(e) => setForm({ ...form, notes: e.target.value })} />}</LabelledControl>
            <div className="flex justify-end gap-2 pt-1">
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating…' : 'Create Booking'}
              </Button>
            </div>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
