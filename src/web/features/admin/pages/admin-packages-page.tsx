import { Gift, Package, Pencil, Plus, Trash2, UserPlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { formatUsd, fromCents, toCents } from '@shared/money';
import { packageDiscount } from '@shared/packages';
import type { AdminPackageView, PackagePaymentResponse } from '@shared/schemas/packages';
import { TestCardForm } from '@web/components/payment/test-card-form';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { Select, Textarea } from '@web/components/ui/input';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/lib/api';
import { usePublicConfig } from '@web/lib/public-config';
import { useAdminServices, useCustomers } from '../api';
import { AdminLayout } from '../components/admin-layout';
import { CheckboxField, Field, FormActions, LabelledControl } from '../components/form-bits';
import { TranslationsFields } from '../components/translations-fields';
import { startAdminPackagePayment, useAdminPackages, useAssignPackage, useDeletePackage, useSavePackage, type PackageForm } from '../packages-api';

const StripeCardForm = lazy(() => import('@web/components/payment/stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

/** /admin/packages: package cards with Assign, Edit, Delete, and Create Package. */
export function AdminPackagesPage() {
  const { data, isLoading, error } = useAdminPackages();
  const remove = useDeletePackage();
  const [editing, setEditing] = useState<AdminPackageView | 'new' | null>(null);
  const [assigning, setAssigning] = useState<AdminPackageView | null>(null);
  const [deleting, setDeleting] = useState<AdminPackageView | null>(null);

  return (
    <AdminLayout
      title="Service Packages"
      actions={
        <Button size="sm" onClick={() => setEditing('new')}>
          <Plus aria-hidden /> Create Package
        </Button>
      }
    >
      {isLoading && <Spinner />}
      {error && <Alert tone="error" title="Failed to load packages">{errorMessage(error, 'Please refresh the page')}</Alert>}
      {data && data.length === 0 && (
        <EmptyState icon={<Package className="size-10 text-slate-400" aria-hidden />} title="No packages yet">
          <p className="text-sm text-slate-500">Create a package to sell several services at once.</p>
        </EmptyState>
      )}
      {data && data.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Packages">
          {data.map((pkg) => (
            <li key={pkg.id}>
              <Card className={pkg.isActive ? 'flex h-full flex-col gap-2 p-4' : 'flex h-full flex-col gap-2 p-4 opacity-70'} aria-label={pkg.name}>
                <div className="flex items-start gap-2">
                  <h3 className="flex-1 font-semibold leading-tight">{pkg.name}</h3>
                  <Badge tone={pkg.isActive ? 'green' : 'gray'}>{pkg.isActive ? 'Active' : 'Inactive'}</Badge>
                </div>
                {pkg.description && <p className="text-sm text-slate-600">{pkg.description}</p>}
                <p className="text-sm">
                  {pkg.serviceCount} x {pkg.serviceName}
                </p>
                <p className="flex items-baseline gap-2">
                  <span className="text-sm text-slate-500 line-through">{formatUsd(pkg.originalPrice)}</span>
                  <span className="text-lg font-semibold">{formatUsd(pkg.packagePrice)}</span>
                  {Number(pkg.discount) > 0 && <Badge tone="blue">Save {Number(pkg.discount).toFixed(0)}%</Badge>}
                </p>
                <p className="text-xs text-slate-500">
                  {pkg.validityMonths ? `Expires ${pkg.validityMonths} months after purchase` : 'Never expires'} · {pkg.purchaseCount} sold
                </p>
                <div className="mt-auto flex gap-2 pt-2">
                  <Button size="sm" onClick={() => setAssigning(pkg)} disabled={!pkg.isActive} aria-label={`Assign ${pkg.name}`}>
                    <UserPlus aria-hidden /> Assign
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setEditing(pkg)} aria-label={`Edit ${pkg.name}`}>
                    <Pencil aria-hidden /> Edit
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setDeleting(pkg)} aria-label={`Delete ${pkg.name}`}>
                    <Trash2 aria-hidden /> Delete
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <PackageDialog pkg={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <AssignDialog pkg={assigning} onOpenChange={(open) => !open && setAssigning(null)} />
      <Dialog open={Boolean(deleting)} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent title="Delete package?" description={deleting && deleting.purchaseCount > 0 ? 'It has purchases, so it will be deactivated and kept for them.' : 'This cannot be undone.'}>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(deleting!.id, {
                  onSuccess: (result) => {
                    toast.success(result.deactivated ? 'Package deactivated' : 'Package deleted');
                    setDeleting(null);
                  },
                  onError: (err) => toast.error('Failed to delete package', { description: errorMessage(err, 'Please try again.') }),
                })
              }
            >
              Delete
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </AdminLayout>
  );
}

const blank: PackageForm = { name: '', description: '', serviceId: '', serviceCount: 10, originalPrice: '', packagePrice: '', discount: '', isActive: true, sendNotificationEmail: true, validityMonths: '', translations: {} };

function PackageDialog({ pkg, onOpenChange }: { pkg: AdminPackageView | 'new' | null; onOpenChange(open: boolean): void }) {
  const save = useSavePackage();
  const services = useAdminServices();
  const [form, setForm] = useState<PackageForm>(blank);
  const editing = pkg && pkg !== 'new' ? pkg : undefined;
  useEffect(() => {
    if (!pkg) return;
    setForm(
      pkg === 'new'
        ? blank
        : { ...pkg, description: pkg.description ?? '', serviceCount: pkg.serviceCount, validityMonths: pkg.validityMonths ? String(pkg.validityMonths) : '' },
    );
  }, [pkg]);
  const set = (patch: Partial<PackageForm>) => setForm((f) => ({ ...f, ...patch }));
  /**
   * The regular price follows the service's price × the count until the owner types one (a new package; an
   * existing one keeps its price until service or count change).
   */
  const [priceTyped, setPriceTyped] = useState(false);
  useEffect(() => setPriceTyped(false), [pkg]);
  const setDeal = (patch: Partial<Pick<PackageForm, 'serviceId' | 'serviceCount'>>) =>
    setForm((f) => {
      const next = { ...f, ...patch };
      const service = services.data?.find((s) => s.id === next.serviceId);
      const count = Number(next.serviceCount);
      if (priceTyped || !service || !(count >= 1)) return next;
      const originalPrice = regularPrice(service.price, count);
      return { ...next, originalPrice, discount: Number(next.packagePrice) > 0 ? packageDiscount(originalPrice, next.packagePrice) : next.discount };
    });
  // Recalculated on blur, when both prices are above 0.
  const recalc = () => {
    if (Number(form.originalPrice) > 0 && Number(form.packagePrice) > 0) set({ discount: packageDiscount(form.originalPrice, form.packagePrice) });
  };
  const savings = Number(form.originalPrice) - Number(form.packagePrice);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim() || !form.serviceId || !String(form.originalPrice).trim() || !String(form.packagePrice).trim()) return toast.error('Please fill in all required fields');
    if (Number(form.serviceCount) < 1) return toast.error('Number of services must be at least 1');
    save.mutate(
      { id: editing?.id, form },
      {
        onSuccess: () => {
          toast.success(editing ? 'Package updated' : 'Package created');
          onOpenChange(false);
        },
        onError: (err) => toast.error(editing ? 'Failed to update package' : 'Failed to create package', { description: errorMessage(err, 'Please try again.') }),
      },
    );
  };

  return (
    <Dialog open={Boolean(pkg)} onOpenChange={onOpenChange}>
      <DialogContent title={editing ? 'Edit Package' : 'Create Package'} className="max-w-xl">
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <Field label="Package name *" value={form.name} onChange={(e) => set({ name: e.target.value })} />
          <LabelledControl label="Description">{(id) => <Textarea id={id} rows={2} value={form.description} onChange={(e) => set({ description: e.target.value })} />}</LabelledControl>
          <TranslationsFields value={form.translations} onChange={(translations) => set({ translations })} englishName={form.name} englishDescription={form.description} />
          <div className="grid grid-cols-2 gap-3">
            <LabelledControl label="Service *">
              {(id) => (
                <Select id={id} value={form.serviceId} onChange={(e) => setDeal({ serviceId: e.target.value })}>
                  <option value="">Choose a service</option>
                  {services.data?.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </Select>
              )}
            </LabelledControl>
            <Field label="Number of services *" type="number" min={1} value={form.serviceCount} onChange={(e) => setDeal({ serviceCount: e.target.value })} />
          </div>
          <div className="grid grid-cols-3 gap-3">
            <Field
              label="Regular price ($) *"
              type="number"
              min={0}
              step={0.01}
              hint="The service's price × the count, until you type another"
              value={form.originalPrice}
              onChange={(e) => {
                setPriceTyped(true);
                set({ originalPrice: e.target.value });
              }}
              onBlur={recalc}
            />
            <Field label="Package price ($) *" type="number" min={0} step={0.01} value={form.packagePrice} onChange={(e) => set({ packagePrice: e.target.value })} onBlur={recalc} />
            <Field label="Discount (%)" value={form.discount} readOnly />
          </div>
          {savings > 0 && <p className="text-sm text-emerald-700">Savings: {formatUsd(savings)}</p>}
          <Field
            label="Expires after (months)"
            type="number"
            min={1}
            placeholder="Never"
            hint="Leave empty for packages that never expire. When set, the store page says so before purchase."
            value={form.validityMonths}
            onChange={(e) => set({ validityMonths: e.target.value })}
          />
          <CheckboxField label="E-mail the customer on every assignment or purchase" checked={form.sendNotificationEmail} onChange={(sendNotificationEmail) => set({ sendNotificationEmail })} />
          <label className="flex items-center gap-2 text-sm">
            <Switch checked={form.isActive} onCheckedChange={(isActive) => set({ isActive })} /> Active
          </label>
          <FormActions onCancel={() => onOpenChange(false)} submit={editing ? 'Update Package' : 'Create Package'} busy={save.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

type PaymentChoice = 'manual' | 'cash' | 'check' | 'stripe';
/** How a package was paid, as the assign dialog offers it (decision 047): cash and check are revenue, complimentary is not. */
const PAYMENT_CHOICES: Array<[PaymentChoice, string]> = [
  ['stripe', 'Card'],
  ['cash', 'Cash'],
  ['check', 'Check'],
  ['manual', 'Complimentary'],
];
const PAYMENT_DESCRIPTIONS: Record<PaymentChoice, (price: string) => string> = {
  manual: () => 'Complimentary: recorded at once, no payment taken.',
  cash: () => 'Cash: recorded at once and counted as revenue.',
  check: () => 'Check: recorded at once and counted as revenue.',
  stripe: (price) => `Card: the customer pays ${formatUsd(price)} now.`,
};

/** The service's price × the count, in dollars with cents ("45.00" × 4 = "180.00"). */
function regularPrice(price: string, count: number): string {
  return fromCents(toCents(price) * count);
}

function AssignDialog({ pkg, onOpenChange }: { pkg: AdminPackageView | null; onOpenChange(open: boolean): void }) {
  const assign = useAssignPackage();
  const [search, setSearch] = useState('');
  const customers = useCustomers({ search, page: 1 });
  const [userId, setUserId] = useState('');
  const [isNew, setIsNew] = useState(false);
  const [newCustomer, setNewCustomer] = useState({ fullName: '', email: '', phone: '' });
  const [notes, setNotes] = useState('');
  const [remaining, setRemaining] = useState('');
  const [method, setMethod] = useState<PaymentChoice>('manual');
  const [amountPaid, setAmountPaid] = useState('');
  const [intent, setIntent] = useState<PackagePaymentResponse | null>(null);
  const [starting, setStarting] = useState(false);
  const config = usePublicConfig();
  useEffect(() => {
    if (pkg) {
      setMethod('manual');
      setAmountPaid(pkg.packagePrice);
      setIntent(null);
      setUserId('');
      setIsNew(false);
      setNewCustomer({ fullName: '', email: '', phone: '' });
      setNotes('');
      setRemaining('');
    }
  }, [pkg]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isNew && !userId) return toast.error('Please select a customer or create a new one');
    if (isNew && (!newCustomer.fullName.trim() || !newCustomer.email.trim())) return toast.error('Full name and email are required for new customers');
    if (method === 'stripe') {
      if (isNew) return toast.error('A card payment needs an existing customer: assign to a customer with an account');
      setStarting(true);
      startAdminPackagePayment({ userId, packageId: pkg!.id })
        .then(setIntent)
        .catch((err: unknown) => toast.error('Failed to initialize payment form', { description: errorMessage(err, 'Please try again.') }))
        .finally(() => setStarting(false));
      return;
    }
    assign.mutate(
      {
        packageId: pkg!.id,
        paymentMethod: method,
        ...(method === 'cash' || method === 'check' ? { amountPaid } : {}),
        notes: notes || undefined,
        ...(remaining !== '' ? { servicesRemaining: Number(remaining) } : {}),
        ...(isNew ? { newCustomer: { ...newCustomer, phone: newCustomer.phone || undefined } } : { userId }),
      },
      {
        onSuccess: (purchase) => {
          toast.success('Package assigned', { description: `${purchase.packageName} → ${purchase.userName ?? purchase.userEmail}` });
          onOpenChange(false);
        },
        onError: (err) => toast.error('Failed to assign package', { description: errorMessage(err, 'Please try again.') }),
      },
    );
  };

  /** The card went through: record the purchase with its payment (the server checks the intent). */
  const paid = () =>
    assign
      .mutateAsync({ packageId: pkg!.id, userId, paymentMethod: 'stripe', paymentIntentId: intent!.paymentIntentId, notes: notes || undefined })
      .then((purchase) => {
        toast.success('Package assigned', { description: `${purchase.packageName} → ${purchase.userName ?? purchase.userEmail} (paid by card)` });
        onOpenChange(false);
      })
      .catch((err: unknown) => void toast.error('Failed to assign package', { description: errorMessage(err, 'Please try again.') }));
  const cardProps = intent && {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.paymentIntentId,
    submitLabel: `Charge ${formatUsd(intent.amount)}`,
    returnPath: '/admin/packages',
    onSucceeded: paid,
    onDeclined: (message: string) => toast.error('Payment processing failed', { description: message }),
  };

  return (
    <Dialog open={Boolean(pkg)} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Assign ${pkg?.name ?? 'package'}`}
        description={PAYMENT_DESCRIPTIONS[method](pkg?.packagePrice ?? '0')}
        className="max-w-lg"
      >
        {cardProps ? (
          <div className="flex flex-col gap-3">
            {intent.provider === 'test' ? (
              <TestCardForm {...cardProps} />
            ) : (
              <Suspense fallback={<Spinner />}>
                <StripeCardForm {...cardProps} publishableKey={config?.payments.publishableKey} />
              </Suspense>
            )}
            <Button type="button" variant="outline" onClick={() => setIntent(null)}>
              Back
            </Button>
          </div>
        ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <div className="flex gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" checked={!isNew} onChange={() => setIsNew(false)} /> Existing customer
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" checked={isNew} onChange={() => setIsNew(true)} /> New customer
            </label>
          </div>
          {!isNew ? (
            <>
              <Field label="Search customers" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name, email or phone" />
              <LabelledControl label="Customer *">
                {(id) => (
                  <Select id={id} value={userId} onChange={(e) => setUserId(e.target.value)}>
                    <option value="">Choose a customer</option>
                    {customers.data?.items
                      .filter((c) => c.role === 'customer')
                      .map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.fullName} — {c.email}
                        </option>
                      ))}
                  </Select>
                )}
              </LabelledControl>
            </>
          ) : (
            <div className="grid grid-cols-2 gap-3">
              <Field label="Full name *" value={newCustomer.fullName} onChange={(e) => setNewCustomer({ ...newCustomer, fullName: e.target.value })} />
              <Field label="Email *" type="email" value={newCustomer.email} onChange={(e) => setNewCustomer({ ...newCustomer, email: e.target.value })} />
              <Field label="Phone" value={newCustomer.phone} onChange={(e) => setNewCustomer({ ...newCustomer, phone: e.target.value })} />
              <p className="col-span-2 text-xs text-slate-500">They get an account and an e-mail to choose a password.</p>
            </div>
          )}
          <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <legend className="mb-1 font-medium">How it was paid</legend>
            {PAYMENT_CHOICES.map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name="package-payment" checked={method === value} onChange={() => setMethod(value)} /> {label}
              </label>
            ))}
          </fieldset>
          {(method === 'cash' || method === 'check') && (
            <Field id="package-amount-received" label="Amount received ($) *" type="number" min={0} step={0.01} hint="Counted as revenue" value={amountPaid} onChange={(e) => setAmountPaid(e.target.value)} />
          )}
          {method !== 'stripe' && (
            <Field
              label="Services remaining"
              type="number"
              min={0}
              max={pkg?.serviceCount}
              placeholder={String(pkg?.serviceCount ?? '')}
              hint="Empty: the full count"
              value={remaining}
              onChange={(e) => setRemaining(e.target.value)}
            />
          )}
          <Field label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
          <div className="flex justify-end gap-2 pt-1">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            {method !== 'stripe' ? (
              <Button type="submit" disabled={assign.isPending}>
                <Gift aria-hidden /> Assign Package
              </Button>
            ) : (
              <Button type="submit" disabled={starting}>
                {starting ? 'Preparing payment...' : 'Continue to Payment'}
              </Button>
            )}
          </div>
        </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
