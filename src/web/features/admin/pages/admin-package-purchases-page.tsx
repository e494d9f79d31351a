import { Package, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { formatUsd } from '@shared/money';
import type { PurchaseView } from '@shared/schemas/packages';
import { Badge } from '@web/components/ui/badge';
import { EmailText } from '@web/components/ui/email-text';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { EmptyState, Spinner } from '@web/components/ui/feedback';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { AdminLayout } from '../components/admin-layout';
import { Field } from '../components/form-bits';
import { useMarkUsed, usePurchases, useRefundPurchase } from '../packages-api';

/** /admin/package-purchases: search, Active and Completed lists, 'Mark Service Used' and refund. */
export function AdminPackagePurchasesPage() {
  const [search, setSearch] = useState('');
  const active = usePurchases({ search, list: 'active', page: 1 });
  const completed = usePurchases({ search, list: 'completed', page: 1 });
  const [using, setUsing] = useState<PurchaseView | null>(null);
  const [refunding, setRefunding] = useState<PurchaseView | null>(null);
  const empty = active.data?.total === 0 && completed.data?.total === 0 && !search;

  return (
    <AdminLayout title="Package Purchases">
      <div className="relative mb-4 max-w-md">
        <Search className="absolute left-3 top-2.5 size-4 text-slate-400" aria-hidden />
        <Input className="pl-9" placeholder="Search by customer, email or package" aria-label="Search purchases" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {(active.isLoading || completed.isLoading) && <Spinner />}
      {empty && <EmptyState icon={<Package className="size-10 text-slate-400" aria-hidden />} title="No package purchases yet" />}
      {!empty && (
        <>
          <h2 className="mb-2 font-semibold">Active Packages ({active.data?.total ?? 0})</h2>
          <PurchaseList items={active.data?.items ?? []} onUse={setUsing} onRefund={setRefunding} />
          <h2 className="mb-2 mt-6 font-semibold">Completed Packages ({completed.data?.total ?? 0})</h2>
          <PurchaseList items={completed.data?.items ?? []} onUse={setUsing} onRefund={setRefunding} />
        </>
      )}
      <UseDialog purchase={using} onOpenChange={(open) => !open && setUsing(null)} />
      <RefundDialog purchase={refunding} onOpenChange={(open) => !open && setRefunding(null)} />
    </AdminLayout>
  );
}

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : '—');

function PurchaseList({ items, onUse, onRefund }: { items: PurchaseView[]; onUse(p: PurchaseView): void; onRefund(p: PurchaseView): void }) {
  if (items.length === 0) return <p className="text-sm text-slate-500">None</p>;
  return (
    <ul className="grid gap-3 lg:grid-cols-2">
      {items.map((p) => {
        const done = p.status !== 'active' || p.servicesRemaining <= 0;
        return (
          <li key={p.id}>
            <Card className="flex flex-col gap-1 p-4" aria-label={`${p.packageName} for ${p.userName ?? p.userEmail}`}>
              <div className="flex items-start gap-2">
                <div className="flex-1">
                  <p className="font-semibold">{p.userName ?? 'Deleted customer'}</p>
                  <p className="text-xs text-slate-500">{p.userEmail && <EmailText email={p.userEmail} />}</p>
                </div>
                {p.paymentStatus === 'manual' && <Badge tone="blue">Complimentary</Badge>}
                {p.status === 'refunded' && <Badge tone="gray">Refunded</Badge>}
                {done && p.status !== 'refunded' && <Badge tone="gray">{p.status === 'expired' ? 'Expired' : 'Completed'}</Badge>}
              </div>
              <p className="text-sm">
                {p.packageName} · {p.serviceName}
              </p>
              <p className="text-sm">
                <strong>{p.servicesRemaining}</strong> of {p.servicesIncluded} remaining · {p.paidBy === 'complimentary' ? 'Complimentary' : `${formatUsd(p.purchasePrice)} by ${p.paidBy}`}
                {p.refundedAmount ? ` · refunded ${formatUsd(p.refundedAmount)}` : ''}
              </p>
              <p className="text-xs text-slate-500">
                Purchased {date(p.createdAt)} · Expires {p.expiresAt ? date(p.expiresAt) : 'never'}
              </p>
              <div className="flex gap-2 pt-2">
                <Button size="sm" disabled={done} onClick={() => onUse(p)}>
                  Mark Service Used
                </Button>
                {/* Only a card payment goes back through the provider; cash and check are settled by hand. */}
                {p.paymentStatus === 'paid' && p.paidBy === 'card' && (
                  <Button size="sm" variant="outline" onClick={() => onRefund(p)}>
                    Refund
                  </Button>
                )}
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function UseDialog({ purchase, onOpenChange }: { purchase: PurchaseView | null; onOpenChange(open: boolean): void }) {
  const use = useMarkUsed();
  const [notes, setNotes] = useState('');
  useEffect(() => setNotes(''), [purchase]);
  return (
    <Dialog open={Boolean(purchase)} onOpenChange={onOpenChange}>
      <DialogContent title="Mark Service Used" description={purchase ? `${purchase.packageName} — ${purchase.servicesRemaining} remaining` : undefined}>
        <div className="flex flex-col gap-3">
          <Field label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} placeholder="e.g. Washed at the shop" />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              disabled={use.isPending}
              onClick={() =>
                use.mutate(
                  { purchaseId: purchase!.id, notes },
                  {
                    onSuccess: (p) => {
                      toast.success('Service marked as used', { description: `${p.servicesRemaining} remaining` });
                      onOpenChange(false);
                    },
                    onError: (err) => toast.error('Failed to mark service as used', { description: errorMessage(err, 'Please try again.') }),
                  },
                )
              }
            >
              Mark Used
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function RefundDialog({ purchase, onOpenChange }: { purchase: PurchaseView | null; onOpenChange(open: boolean): void }) {
  const refund = useRefundPurchase();
  return (
    <Dialog open={Boolean(purchase)} onOpenChange={onOpenChange}>
      <DialogContent
        title="Refund this package?"
        description="The price paid minus the services used at the regular price goes back to the card, and the remaining services are removed. This cannot be undone."
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={refund.isPending}
            onClick={() =>
              refund.mutate(purchase!.id, {
                onSuccess: (p) => {
                  toast.success('Package refunded', { description: `${formatUsd(p.refundedCents / 100)} returned` });
                  onOpenChange(false);
                },
                onError: (err) => toast.error('Refund failed', { description: errorMessage(err, 'Please try again.') }),
              })
            }
          >
            Refund
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
