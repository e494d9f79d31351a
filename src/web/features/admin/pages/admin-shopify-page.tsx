import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, Loader2, RefreshCw, RotateCcw, ShoppingBag, Users, Webhook, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from '@web/lib/toast';
import { formatUsd } from '@shared/money';
import type { SyncStatusResponse } from '@shared/schemas/store-mirror';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Dialog, DialogClose, DialogContent } from '@web/components/ui/dialog';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { errorMessage } from '@web/lib/api';
import { AdminLayout } from '../components/admin-layout';
import { Pager } from '../components/pager';
import { StoreProductsTab } from '../components/store-product-mapping';
import { formatPacificDateTime } from '../components/status';
import {
  SHOPIFY_PAGE_SIZE,
  shopifyKeys,
  useRegisteredWebhooks,
  useRegisterWebhooks,
  useResetSync,
  useStartSync,
  useStoreCustomers,
  useStoreOrders,
  useSyncStatus,
  useWebhookEvents,
} from '../shopify-api';

type Tab = 'overview' | 'customers' | 'orders' | 'products' | 'webhooks';

/** /admin/shopify: sync overview, the store's customers, orders and products (what each books), and webhook events. */
export function AdminShopifyPage() {
  const client = useQueryClient();
  const status = useSyncStatus();
  const [tab, setTab] = useState<Tab>('overview');
  const running = status.data?.status === 'running';

  // When a run ends, the lists and counts change: read them again.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) void client.invalidateQueries({ queryKey: shopifyKeys.all });
    wasRunning.current = running;
  }, [running, client]);

  const refresh = () => void client.invalidateQueries({ queryKey: shopifyKeys.all });

  return (
    <AdminLayout
      title="Shopify Integration"
      actions={
        <div className="flex items-center gap-2">
          {status.data && <Badge tone={status.data.store === 'Demo store' ? 'purple' : 'green'}>{status.data.store}</Badge>}
          <Button size="sm" variant="outline" onClick={refresh}>
            <RefreshCw aria-hidden /> Refresh
          </Button>
        </div>
      }
    >
      {status.isLoading && <Spinner />}
      {status.error && <Alert tone="error" title="Failed to load the sync status">{errorMessage(status.error, 'Please refresh the page')}</Alert>}
      {status.data && (
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
          <TabsList>
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="customers">Customers</TabsTrigger>
            <TabsTrigger value="orders">Orders</TabsTrigger>
            <TabsTrigger value="products">Products</TabsTrigger>
            <TabsTrigger value="webhooks">Webhooks</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <Overview status={status.data} />
          </TabsContent>
          <TabsContent value="customers">
            <CustomersTab />
          </TabsContent>
          <TabsContent value="orders">
            <OrdersTab />
          </TabsContent>
          <TabsContent value="products">
            <StoreProductsTab />
          </TabsContent>
          <TabsContent value="webhooks">
            <WebhooksTab />
          </TabsContent>
        </Tabs>
      )}
    </AdminLayout>
  );
}

const STATE_TEXT: Record<SyncStatusResponse['status'], string> = { idle: 'Idle', running: 'Running', completed: 'Completed', error: 'Error' };

function StateIcon({ state }: { state: SyncStatusResponse['status'] }) {
  if (state === 'running') return <Loader2 className="size-6 animate-spin text-blue-600" aria-hidden />;
  if (state === 'completed') return <CheckCircle2 className="size-6 text-green-600" aria-hidden />;
  if (state === 'error') return <XCircle className="size-6 text-red-600" aria-hidden />;
  return <Clock className="size-6 text-slate-400" aria-hidden />;
}

/** Seconds, minutes or hours. */
export function formatSyncDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

function Overview({ status }: { status: SyncStatusResponse }) {
  const start = useStartSync();
  const reset = useResetSync();
  const customers = useStoreCustomers(1);
  const orders = useStoreOrders(1);
  const webhooks = useWebhookEvents(1);
  const running = status.status === 'running';
  const kinds = [
    ['Customers', status.customers],
    ['Products', status.products],
    ['Orders', status.orders],
  ] as const;
  const total = kinds.reduce((sum, [, c]) => sum + c.total, 0);
  const synced = kinds.reduce((sum, [, c]) => sum + c.synced, 0);
  const percent = total > 0 ? Math.min(100, Math.round((synced / total) * 100)) : 0;
  const ended = status.completedAt ?? (running ? new Date().toISOString() : null);
  // A run that read only changes and found none: "0 of 0 synced" would read as a failure.
  const nothingChanged = status.status === 'completed' && status.changesSince !== null && total === 0;
  const [confirmReset, setConfirmReset] = useState(false);

  const startSync = () =>
    start.mutate(undefined, {
      onSuccess: () => toast.success('Sync Started', { description: 'Customers, products and orders are being imported from the store.' }),
      onError: (error) => toast.error('Sync Failed', { description: errorMessage(error, 'Failed to start synchronization') }),
    });
  const resetProgress = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirmReset(false);
        toast.success('Progress Reset', { description: 'The next sync imports everything again.' });
      },
      onError: (error) => toast.error('Reset Failed', { description: errorMessage(error, 'Failed to reset progress') }),
    });

  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-4 p-5" aria-label="Sync status">
        <div className="flex flex-wrap items-center gap-3">
          <StateIcon state={status.status} />
          <div className="flex-1">
            <h2 className="font-semibold">
              Sync status: <span data-testid="sync-state">{STATE_TEXT[status.status]}</span>
            </h2>
            <p className="text-sm text-slate-500">
              {status.fullImportNext ? 'The next sync imports everything from the store.' : 'The next sync imports what changed since the last one.'}
            </p>
          </div>
          <Button onClick={startSync} disabled={running || start.isPending}>
            <RefreshCw aria-hidden /> Start Sync
          </Button>
          <Button variant="outline" onClick={() => setConfirmReset(true)} disabled={running || reset.isPending}>
            <RotateCcw aria-hidden /> Reset Progress
          </Button>
        </div>
        <Dialog open={confirmReset} onOpenChange={setConfirmReset}>
          <DialogContent title="Reset sync progress?" description="The counts go back to zero and the next sync imports every customer, product and order from the store again.">
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline">Keep Progress</Button>
              </DialogClose>
              <Button onClick={resetProgress} disabled={reset.isPending}>
                <RotateCcw aria-hidden /> Reset
              </Button>
            </div>
          </DialogContent>
        </Dialog>
        {nothingChanged && (
          <p className="flex items-center gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-800 dark:bg-green-950 dark:text-green-200" data-testid="sync-up-to-date">
            <CheckCircle2 className="size-4" aria-hidden /> Up to date — nothing changed since {formatPacificDateTime(status.changesSince!)}
          </p>
        )}
        {running && (
          <div>
            <div className="mb-1 flex justify-between text-sm">
              <span>Progress</span>
              <span data-testid="sync-percent">{percent}%</span>
            </div>
            <div className="h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-label="Sync progress">
              <div className="h-full bg-blue-600 transition-all" style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}
        {!nothingChanged && (
          <dl className="grid gap-3 sm:grid-cols-3">
            {kinds.map(([label, counts]) => (
              <div key={label} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
                <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums" data-testid={`synced-${label.toLowerCase()}`}>
                  {counts.synced} <span className="text-sm font-normal text-slate-500">of {counts.total} synced</span>
                </dd>
                <dd className={counts.errors > 0 ? 'text-sm text-red-700' : 'text-sm text-slate-500'}>
                  {counts.errors} {counts.errors === 1 ? 'error' : 'errors'}
                </dd>
              </div>
            ))}
          </dl>
        )}
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline text-slate-500">Started: </dt>
            <dd className="inline">{status.startedAt ? formatPacificDateTime(status.startedAt) : 'Never'}</dd>
          </div>
          {status.startedAt && ended && (
            <div>
              <dt className="inline text-slate-500">Duration: </dt>
              <dd className="inline">{formatSyncDuration(Date.parse(ended) - Date.parse(status.startedAt))}</dd>
            </div>
          )}
        </dl>
        {status.error && (
          <Alert tone="error" title="Sync error">
            {status.error}
          </Alert>
        )}
      </Card>
      <div className="grid gap-4 sm:grid-cols-3">
        <SummaryCard icon={<Users aria-hidden />} label="Customers" value={customers.data?.total} />
        <SummaryCard icon={<ShoppingBag aria-hidden />} label="Orders" value={orders.data?.total} />
        <SummaryCard icon={<Webhook aria-hidden />} label="Webhook events" value={webhooks.data?.total} />
      </div>
    </div>
  );
}

function SummaryCard({ icon, label, value }: { icon: ReactNode; label: string; value: number | undefined }) {
  return (
    <Card className="flex items-center gap-3 p-4" aria-label={label}>
      <span className="rounded-lg bg-brand-50 p-2 text-brand-700 [&_svg]:size-5">{icon}</span>
      <div>
        <p className="text-sm text-slate-500">{label}</p>
        <p className="text-2xl font-semibold tabular-nums">{value ?? '—'}</p>
      </div>
    </Card>
  );
}

function Table({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-sm" aria-label={label}>
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500 dark:bg-slate-800">
          <tr>
            {head.map((h) => (
              <th key={h} className="p-3">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">{children}</tbody>
      </table>
    </Card>
  );
}

const pagesOf = (total: number) => Math.max(1, Math.ceil(total / SHOPIFY_PAGE_SIZE));

function CustomersTab() {
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useStoreCustomers(page);
  if (isLoading) return <Spinner />;
  if (error) return <Alert tone="error" title="Failed to load customers">{errorMessage(error, 'Please refresh the page')}</Alert>;
  if (!data || data.items.length === 0) return <EmptyState title="No Shopify customers found. Start a sync to import customers." />;
  return (
    <>
      <Table label="Store customers" head={['Name', 'Email', 'Store ID', 'Total spent', 'Orders', 'Synced']}>
        {data.items.map((c) => (
          <tr key={c.id}>
            <td className="p-3 font-medium">
              {[c.firstName, c.lastName].filter(Boolean).join(' ') || '—'}
              {c.userId && (
                <Badge tone="blue" className="ml-2">
                  Account
                </Badge>
              )}
            </td>
            <td className="p-3 [overflow-wrap:anywhere]">{c.email ?? '—'}</td>
            <td className="p-3 font-mono text-xs">{c.shopifyCustomerId.split('/').pop()}</td>
            <td className="p-3 tabular-nums">{formatUsd(c.totalSpent)}</td>
            <td className="p-3 tabular-nums">{c.ordersCount}</td>
            <td className="p-3">{formatPacificDateTime(c.syncedAt)}</td>
          </tr>
        ))}
      </Table>
      <Pager page={page} pages={pagesOf(data.total)} onPage={setPage} />
    </>
  );
}

const FINANCIAL_TONE: Record<string, 'green' | 'yellow' | 'red' | 'gray'> = { paid: 'green', pending: 'yellow', refunded: 'red', partially_refunded: 'yellow', voided: 'gray' };
const FULFILMENT_TONE: Record<string, 'green' | 'yellow' | 'blue' | 'gray'> = { fulfilled: 'green', partial: 'blue', unfulfilled: 'yellow' };

function OrdersTab() {
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useStoreOrders(page);
  if (isLoading) return <Spinner />;
  if (error) return <Alert tone="error" title="Failed to load orders">{errorMessage(error, 'Please refresh the page')}</Alert>;
  if (!data || data.items.length === 0) return <EmptyState title="No Shopify orders found. Start a sync to import orders." />;
  return (
    <>
      <Table label="Store orders" head={['Order', 'Email', 'Payment', 'Fulfillment', 'Total', 'Date']}>
        {data.items.map((o) => (
          <tr key={o.id}>
            <td className="p-3 font-medium">
              #{o.orderNumber}
              {o.cancelledAt && (
                <Badge tone="red" className="ml-2">
                  Cancelled
                </Badge>
              )}
            </td>
            <td className="p-3 [overflow-wrap:anywhere]">{o.email ?? '—'}</td>
            <td className="p-3">
              <Badge tone={FINANCIAL_TONE[o.financialStatus ?? ''] ?? 'gray'}>{o.financialStatus ?? 'unknown'}</Badge>
            </td>
            <td className="p-3">
              <Badge tone={FULFILMENT_TONE[o.fulfillmentStatus ?? 'unfulfilled'] ?? 'gray'}>{o.fulfillmentStatus ?? 'unfulfilled'}</Badge>
            </td>
            <td className="p-3 tabular-nums">
              {formatUsd(o.totalPrice)} {o.currency !== 'USD' ? o.currency : ''}
            </td>
            <td className="p-3">{o.createdAt ? formatPacificDateTime(o.createdAt) : '—'}</td>
          </tr>
        ))}
      </Table>
      <Pager page={page} pages={pagesOf(data.total)} onPage={setPage} />
    </>
  );
}

function WebhooksTab() {
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useWebhookEvents(page);
  const register = useRegisterWebhooks();
  const registerAll = () =>
    register.mutate(undefined, {
      onSuccess: (result) => toast.success('Webhooks Registered', { description: `${result.registered.length} webhooks registered` }),
      onError: (e) => toast.error('Webhook Registration Failed', { description: errorMessage(e, 'Failed to register webhooks') }),
    });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button onClick={registerAll} disabled={register.isPending}>
          <Webhook aria-hidden /> Register Webhooks
        </Button>
      </div>
      <RegisteredWebhooks />
      <h2 className="font-semibold">Received events</h2>
      {isLoading && <Spinner />}
      {error && <Alert tone="error" title="Failed to load webhook events">{errorMessage(error, 'Please refresh the page')}</Alert>}
      {data && data.items.length === 0 && <EmptyState title="No webhook events found." />}
      {data && data.items.length > 0 && (
        <>
          <Table label="Webhook events" head={['Topic', 'Store ID', 'Time', 'Status', 'Retries', 'Error']}>
            {data.items.map((e) => (
              <tr key={e.id}>
                <td className="p-3 font-mono text-xs">{e.topic}</td>
                <td className="p-3 font-mono text-xs">{e.shopifyId?.split('/').pop() ?? '—'}</td>
                <td className="p-3">{formatPacificDateTime(e.createdAt)}</td>
                <td className="p-3">{e.processed ? <Badge tone="green">Processed</Badge> : e.error ? <Badge tone="red">Failed</Badge> : <Badge tone="yellow">Pending</Badge>}</td>
                <td className="p-3 tabular-nums">{e.retryCount}</td>
                <td className="max-w-72 p-3 text-red-700 [overflow-wrap:anywhere]">{e.error ?? ''}</td>
              </tr>
            ))}
          </Table>
          <Pager page={page} pages={pagesOf(data.total)} onPage={setPage} />
        </>
      )}
    </div>
  );
}

/** The subscriptions the store has now, and whether each points at this app's endpoint. */
function RegisteredWebhooks() {
  const { data, isLoading, error } = useRegisteredWebhooks();
  return (
    <section className="flex flex-col gap-2" aria-labelledby="registered-webhooks">
      <h2 id="registered-webhooks" className="font-semibold">
        Registered webhooks
      </h2>
      {isLoading && <Spinner />}
      {error && <Alert tone="error" title="Failed to load the registered webhooks">{errorMessage(error, 'Please refresh the page')}</Alert>}
      {data && data.items.length === 0 && <EmptyState title="No webhooks registered with the store yet." />}
      {data && data.items.length > 0 && (
        <Table label="Registered webhooks" head={['Topic', 'Callback URL']}>
          {data.items.map((w) => (
            <tr key={w.id}>
              <td className="p-3 font-mono text-xs">{w.topic}</td>
              <td className="p-3 font-mono text-xs [overflow-wrap:anywhere]">
                {w.callbackUrl}
                {w.callbackUrl !== data.callbackUrl && (
                  <Badge tone="yellow" className="ml-2">
                    Another endpoint
                  </Badge>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
