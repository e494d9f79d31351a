import { Clock, DatabaseZap, ImageUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { ImageOrPlaceholder } from '@web/components/ui/image';
import { formatDuration } from '@shared/format';
import { formatUsd, fromCents, toCents } from '@shared/money';
import { SIZE_CLASSES, type SizeClass } from '@shared/domain';
import type { AdminAddOn, AdminService } from '@shared/schemas/admin-services';
import type { Translations } from '@shared/localized';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { Input, Select, Textarea } from '@web/components/ui/input';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/lib/api';
import {
  ADD_ONS_PAGE_SIZE,
  newIdempotencyKey,
  uploadImage,
  useAddOns,
  useAdminServices,
  useDeleteAddOn,
  useSaveAddOn,
  useSaveService,
  useSeedServices,
  type ServiceForm,
} from '../api';
import { AdminLayout } from '../components/admin-layout';
import { CheckboxField, Field, FormActions, LabelledControl } from '../components/form-bits';
import { Pager } from '../components/pager';
import { TranslationsFields } from '../components/translations-fields';

const SIZE_LABELS: Record<SizeClass, string> = { sedan: 'Sedan', suv: 'SUV', oversize: 'Oversize' };

const toForm = (s: AdminService): ServiceForm => ({
  name: s.name,
  description: s.description,
  price: s.price,
  serviceFee: s.serviceFee,
  duration: s.duration,
  imageUrl: s.imageUrl,
  isActive: s.isActive,
  locationOptions: s.locationOptions,
  sizePrices: s.sizePrices,
  translations: s.translations,
  deposit: { kind: s.deposit.kind, value: s.deposit.value },
});

export function AdminServicesPage() {
  const { data, isLoading, error } = useAdminServices();
  const save = useSaveService();
  const seed = useSeedServices();
  const [editing, setEditing] = useState<AdminService | 'new' | null>(null);

  const toggle = (service: AdminService, isActive: boolean) =>
    save.mutate(
      { id: service.id, form: { ...toForm(service), isActive } },
      {
        onSuccess: () => toast.success('Service updated successfully', { description: `${service.name} is now ${isActive ? 'active' : 'inactive'}` }),
        onError: (err) => toast.error('Error updating service', { description: errorMessage(err, 'Please try again.') }),
      },
    );

  return (
    <AdminLayout
      title="Services"
      actions={
        <>
          <Button
            variant="outline"
            size="sm"
            disabled={seed.isPending}
            onClick={() =>
              seed.mutate(undefined, {
                onSuccess: (result) => toast.success('Services seeded successfully!', { description: result.message }),
                onError: (err) => toast.error('Error seeding services', { description: errorMessage(err, 'Please try again.') }),
              })
            }
          >
            <DatabaseZap aria-hidden /> Seed Services
          </Button>
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden /> Add Service
          </Button>
        </>
      }
    >
      {isLoading && <Spinner />}
      {error && <Alert tone="error" title="Failed to load services">{errorMessage(error, 'Please refresh the page')}</Alert>}
      {data && data.length === 0 && (
        <EmptyState title="No services yet">
          <p className="text-sm text-slate-500">Add one, or use Seed Services for the standard catalogue.</p>
        </EmptyState>
      )}
      {data && data.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Services">
          {data.map((service) => (
            <li key={service.id}>
              <Card className={service.isActive ? 'flex h-full flex-col overflow-hidden' : 'flex h-full flex-col overflow-hidden opacity-70'} aria-label={service.name}>
                {service.imageUrl && <ImageOrPlaceholder src={service.imageUrl} className="aspect-[16/9] w-full bg-slate-100 object-cover" loading="lazy" />}
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <div className="flex items-start gap-2">
                    <h3 className="flex-1 font-semibold leading-tight">{service.name}</h3>
                    <Badge tone={service.isActive ? 'green' : 'gray'}>{service.isActive ? 'Active' : 'Inactive'}</Badge>
                  </div>
                  <p className="flex items-center gap-3 text-sm text-slate-600">
                    <span className="font-semibold text-slate-900 dark:text-white">{formatUsd(service.price)}</span>
                    <span>+ {formatUsd(service.serviceFee)} fee</span>
                    <span className="flex items-center gap-1">
                      <Clock className="size-3.5" aria-hidden /> {formatDuration(service.duration)}
                    </span>
                  </p>
                  {/* Sanitised on the server when saved (sanitizeHtml). */}
                  <div className="prose-service line-clamp-4 text-sm text-slate-600 dark:text-slate-300" dangerouslySetInnerHTML={{ __html: service.description }} />
                  <p className="text-xs text-slate-500">
                    {[service.locationOptions.mobile && 'Mobile', service.locationOptions.pickup && 'Pickup', service.locationOptions.serviceLocation && 'At our location'].filter(Boolean).join(' · ')}
                  </p>
                  <div className="mt-auto flex items-center gap-2 pt-2">
                    <label className="flex items-center gap-2 text-sm">
                      <Switch checked={service.isActive} onCheckedChange={(checked) => toggle(service, checked)} aria-label={`Active: ${service.name}`} />
                      Active
                    </label>
                    <Button size="sm" variant="outline" className="ml-auto" onClick={() => setEditing(service)} aria-label={`Edit ${service.name}`}>
                      <Pencil aria-hidden /> Edit
                    </Button>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ServiceDialog service={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <AddOnsSection services={data ?? []} />
    </AdminLayout>
  );
}

const blank: ServiceForm = {
  name: '',
  description: '',
  price: '',
  serviceFee: '5.00',
  duration: 60,
  imageUrl: '',
  isActive: true,
  locationOptions: { mobile: true, pickup: true, serviceLocation: false },
  sizePrices: { sedan: { price: null, duration: null }, suv: { price: null, duration: null }, oversize: { price: null, duration: null } },
  translations: {},
  deposit: { kind: 'none', value: 0 },
};

const isImageUrl = (value: string) => /^https?:\/\/\S+$/i.test(value) || /^\/(api\/uploads|images)\/[\w./-]+$/.test(value);

function ServiceDialog({ service, onOpenChange }: { service: AdminService | 'new' | null; onOpenChange(open: boolean): void }) {
  const save = useSaveService();
  const [form, setForm] = useState<ServiceForm>(blank);
  const [uploading, setUploading] = useState(false);
  // One key per opened form: a double click or a retry of Create Service saves one service.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const editing = service && service !== 'new' ? service : undefined;
  useEffect(() => {
    if (service) setForm(service === 'new' ? blank : toForm(service));
    if (service) setIdempotencyKey(newIdempotencyKey());
  }, [service]);
  const set = (patch: Partial<ServiceForm>) => setForm((f) => ({ ...f, ...patch }));
  // The deposit's amount as typed: dollars for a fixed deposit, a whole percentage otherwise.
  const [depositText, setDepositText] = useState('');
  useEffect(() => {
    if (!service) return;
    const rule = service === 'new' ? blank.deposit : service.deposit;
    setDepositText(rule.kind === 'fixed' ? fromCents(rule.value) : rule.kind === 'percent' ? String(rule.value) : '');
  }, [service]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim() || !form.description.trim() || !String(form.price).trim() || !String(form.serviceFee).trim() || !String(form.duration).trim()) {
      return toast.error('Please fill in all required fields');
    }
    if (form.imageUrl && !isImageUrl(form.imageUrl)) return toast.error('Image URL must be a valid URL');
    const kind = form.deposit.kind;
    const typed = depositText.trim();
    if (kind === 'fixed' && !/^\d+(\.\d{1,2})?$/.test(typed)) return toast.error('Enter the deposit in dollars, e.g. 50.00');
    if (kind === 'percent' && !(/^\d+$/.test(typed) && Number(typed) >= 1 && Number(typed) <= 99)) return toast.error('A deposit percentage is a whole number from 1 to 99');
    const deposit = kind === 'fixed' ? { kind, value: toCents(typed) } : kind === 'percent' ? { kind, value: Number(typed) } : { kind, value: 0 };
    save.mutate(
      { id: editing?.id, form: { ...form, imageUrl: form.imageUrl || null, deposit }, idempotencyKey },
      {
        onSuccess: (saved) => {
          const title = editing ? 'Service updated successfully' : 'Service created successfully';
          if (saved.sanitized) toast.warning(title, { description: 'Some HTML was removed from the description (scripts, styles, embedded content or unsupported tags). Check the text before publishing.' });
          else toast.success(title);
          onOpenChange(false);
        },
        onError: (error) => toast.error(editing ? 'Error updating service' : 'Error creating service', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const { url } = await uploadImage(file);
      set({ imageUrl: url });
      toast.success('Image uploaded');
    } catch (error) {
      toast.error('Error uploading image', { description: errorMessage(error, 'Please try again.') });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Dialog open={Boolean(service)} onOpenChange={onOpenChange}>
      <DialogContent title={editing ? 'Edit Service' : 'Create Service'} className="max-w-xl">
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <Field label="Name *" value={form.name} onChange={(e) => set({ name: e.target.value })} />
          <LabelledControl label="Description * (HTML allowed: paragraphs, lists, bold, links)">
            {(id) => <Textarea id={id} rows={5} value={form.description} onChange={(e) => set({ description: e.target.value })} />}
          </LabelledControl>
          <div className="grid grid-cols-3 gap-3">
            <Field label="Price ($) *" inputMode="decimal" value={form.price} onChange={(e) => set({ price: e.target.value })} />
            <Field label="Service Fee ($) *" inputMode="decimal" value={form.serviceFee} onChange={(e) => set({ serviceFee: e.target.value })} />
            <Field label="Duration (min) *" type="number" min={15} step={15} value={form.duration} onChange={(e) => set({ duration: e.target.value })} />
          </div>
          <div className="grid grid-cols-3 gap-3">
            <LabelledControl label="Deposit">
              {(id) => (
                <Select id={id} value={form.deposit.kind} onChange={(e) => set({ deposit: { kind: e.target.value as ServiceForm['deposit']['kind'], value: 0 } })} data-testid="deposit-kind">
                  <option value="none">None</option>
                  <option value="fixed">Fixed amount</option>
                  <option value="percent">Percentage</option>
                </Select>
              )}
            </LabelledControl>
            {form.deposit.kind !== 'none' && (
              <Field
                id="service-deposit-value"
                label={form.deposit.kind === 'fixed' ? 'Deposit ($) *' : 'Deposit (% of total) *'}
                inputMode={form.deposit.kind === 'fixed' ? 'decimal' : 'numeric'}
                value={depositText}
                onChange={(e) => setDepositText(e.target.value)}
                hint="Paid at checkout; the balance is charged to the same card when the job is done."
                className="col-span-2"
              />
            )}
          </div>
          <SizeTable form={form} onChange={(sizePrices) => set({ sizePrices })} />
          <TranslationsFields value={form.translations} onChange={(translations) => set({ translations })} englishName={form.name} englishDescription={form.description} />
          <Field label="Image URL" placeholder="https://… or upload below" value={form.imageUrl ?? ''} onChange={(e) => set({ imageUrl: e.target.value })} />
          <div className="flex items-center gap-3">
            {form.imageUrl && isImageUrl(form.imageUrl) && <img src={form.imageUrl} alt="" className="size-14 rounded-lg bg-slate-100 object-cover" />}
            <label className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm hover:bg-slate-100">
              <ImageUp className="size-4" aria-hidden /> {uploading ? 'Uploading…' : 'Upload image'}
              <input type="file" accept="image/png,image/jpeg,image/webp,image/gif" className="sr-only" onChange={(e) => void upload(e.target.files?.[0])} disabled={uploading} />
            </label>
            <span className="text-xs text-slate-500">PNG, JPEG, GIF or WebP, up to 2 MB</span>
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Service locations</legend>
            <div className="flex flex-wrap gap-4">
              <CheckboxField label="Mobile" checked={form.locationOptions.mobile} onChange={(mobile) => set({ locationOptions: { ...form.locationOptions, mobile } })} />
              <CheckboxField label="Pickup" checked={form.locationOptions.pickup} onChange={(pickup) => set({ locationOptions: { ...form.locationOptions, pickup } })} />
              <CheckboxField
                label="At our location"
                checked={form.locationOptions.serviceLocation}
                onChange={(serviceLocation) => set({ locationOptions: { ...form.locationOptions, serviceLocation } })}
              />
            </div>
          </fieldset>
          <label className="flex items-center gap-2 text-sm">
            <Switch checked={form.isActive} onCheckedChange={(isActive) => set({ isActive })} /> Active
          </label>
          <FormActions onCancel={() => onOpenChange(false)} submit={editing ? 'Update Service' : 'Create Service'} busy={save.isPending || uploading} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Sedan / SUV / Oversize × price and minutes; an empty cell is the base price or duration. */
function SizeTable({ form, onChange }: { form: ServiceForm; onChange: (sizePrices: ServiceForm['sizePrices']) => void }) {
  const setCell = (size: SizeClass, patch: Partial<ServiceForm['sizePrices'][SizeClass]>) => onChange({ ...form.sizePrices, [size]: { ...form.sizePrices[size], ...patch } });
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">Price and time by vehicle size</legend>
      <p className="mb-2 text-xs text-slate-500">Leave a cell empty to use the base price or duration.</p>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th className="pb-1 font-medium">Size</th>
            <th className="pb-1 font-medium">Price ($)</th>
            <th className="pb-1 font-medium">Minutes</th>
          </tr>
        </thead>
        <tbody>
          {SIZE_CLASSES.map((size) => (
            <tr key={size}>
              <th scope="row" className="pr-2 text-left font-medium">
                {SIZE_LABELS[size]}
              </th>
              <td className="py-1 pr-2">
                <Input
                  aria-label={`${SIZE_LABELS[size]} price`}
                  inputMode="decimal"
                  className="h-9"
                  placeholder={String(form.price || '')}
                  value={form.sizePrices[size].price ?? ''}
                  onChange={(e) => setCell(size, { price: e.target.value })}
                />
              </td>
              <td className="py-1">
                <Input
                  aria-label={`${SIZE_LABELS[size]} minutes`}
                  type="number"
                  min={15}
                  step={15}
                  className="h-9"
                  placeholder={String(form.duration || '')}
                  value={form.sizePrices[size].duration ?? ''}
                  onChange={(e) => setCell(size, { duration: e.target.value })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}

/** Add-ons: extras a customer adds to a service, priced by vehicle size. */
function AddOnsSection({ services }: { services: AdminService[] }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useAddOns(page);
  const save = useSaveAddOn();
  const [editing, setEditing] = useState<AdminAddOn | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminAddOn | null>(null);
  const serviceName = new Map(services.map((s) => [s.id, s.name]));

  const toggle = (addOn: AdminAddOn, isActive: boolean) =>
    save.mutate(
      { id: addOn.id, form: { ...toAddOnForm(addOn), isActive } },
      {
        onSuccess: () => toast.success('Add-on updated', { description: `${addOn.name} is now ${isActive ? 'active' : 'inactive'}` }),
        onError: (err) => toast.error('Error updating add-on', { description: errorMessage(err, 'Please try again.') }),
      },
    );

  return (
    <section aria-labelledby="add-ons-heading" className="mt-8">
      <div className="mb-3 flex items-center gap-3">
        <h2 id="add-ons-heading" className="flex-1 text-xl font-semibold">
          Add-ons
        </h2>
        <Button size="sm" onClick={() => setEditing('new')}>
          <Plus aria-hidden /> Add Add-on
        </Button>
      </div>
      {isLoading && <Spinner />}
      {error && <Alert tone="error" title="Failed to load add-ons">{errorMessage(error, 'Please refresh the page')}</Alert>}
      {data && data.items.length === 0 && (
        <EmptyState title="No add-ons yet">
          <p className="text-sm text-slate-500">Add extras such as pet hair removal or a clay bar, priced by vehicle size.</p>
        </EmptyState>
      )}
      {data && data.items.length > 0 && (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label="Add-ons">
          {data.items.map((addOn) => (
            <li key={addOn.id}>
              <Card aria-label={addOn.name} className={addOn.isActive ? undefined : 'opacity-70'}>
                <CardHeader className="flex flex-row items-start gap-2">
                  <CardTitle className="flex-1 text-base">{addOn.name}</CardTitle>
                  <Badge tone={addOn.isActive ? 'green' : 'gray'}>{addOn.isActive ? 'Active' : 'Inactive'}</Badge>
                </CardHeader>
                <CardContent className="flex flex-col gap-2 text-sm">
                  {addOn.description && <p className="text-slate-600 dark:text-slate-300">{addOn.description}</p>}
                  <p className="flex flex-wrap gap-x-3 text-slate-700 dark:text-slate-200">
                    {SIZE_CLASSES.map((size) => (
                      <span key={size}>
                        {SIZE_LABELS[size]} {formatUsd(addOn.prices[size])}
                      </span>
                    ))}
                    <span className="flex items-center gap-1 text-slate-500">
                      <Clock className="size-3.5" aria-hidden /> +{addOn.minutes} min
                    </span>
                  </p>
                  <p className="text-xs text-slate-500">
                    {addOn.serviceIds.length ? `For ${addOn.serviceIds.map((id) => serviceName.get(id) ?? 'a service').join(', ')}` : 'Not offered with any service yet'}
                  </p>
                  <div className="flex items-center gap-2 pt-1">
                    <label className="flex items-center gap-2">
                      <Switch checked={addOn.isActive} onCheckedChange={(checked) => toggle(addOn, checked)} aria-label={`Active: ${addOn.name}`} />
                      Active
                    </label>
                    <Button size="sm" variant="outline" className="ml-auto" onClick={() => setEditing(addOn)} aria-label={`Edit ${addOn.name}`}>
                      <Pencil aria-hidden /> Edit
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setDeleting(addOn)} aria-label={`Delete ${addOn.name}`}>
                      <Trash2 className="text-red-600" aria-hidden /> Delete
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={page} pages={Math.ceil(data.total / ADD_ONS_PAGE_SIZE)} onPage={setPage} label="Add-on pages" />}
      <AddOnDialog addOn={editing} services={services} onOpenChange={(open) => !open && setEditing(null)} />
      <DeleteAddOnDialog addOn={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

type AddOnForm = { name: string; description: string; price: string; sizePrices: Record<SizeClass, string | null>; minutes: number | string; serviceIds: string[]; isActive: boolean; translations: Translations };

const toAddOnForm = (a: AdminAddOn): AddOnForm => ({ name: a.name, description: a.description, price: a.price, sizePrices: a.sizePrices, minutes: a.minutes, serviceIds: a.serviceIds, isActive: a.isActive, translations: a.translations });
const blankAddOn: AddOnForm = { name: '', description: '', price: '', sizePrices: { sedan: null, suv: null, oversize: null }, minutes: 30, serviceIds: [], isActive: true, translations: {} };

function AddOnDialog({ addOn, services, onOpenChange }: { addOn: AdminAddOn | 'new' | null; services: AdminService[]; onOpenChange(open: boolean): void }) {
  const save = useSaveAddOn();
  const [form, setForm] = useState<AddOnForm>(blankAddOn);
  // One key per opened form: a double click or a retry of Create Add-on saves one add-on.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const editing = addOn && addOn !== 'new' ? addOn : undefined;
  useEffect(() => {
    if (addOn) setForm(addOn === 'new' ? blankAddOn : toAddOnForm(addOn));
    if (addOn) setIdempotencyKey(newIdempotencyKey());
  }, [addOn]);
  const set = (patch: Partial<AddOnForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim() || !String(form.price).trim() || !String(form.minutes).trim()) return toast.error('Please fill in all required fields');
    save.mutate(
      { id: editing?.id, form, idempotencyKey },
      {
        onSuccess: () => {
          toast.success(editing ? 'Add-on updated' : 'Add-on created');
          onOpenChange(false);
        },
        onError: (error) => toast.error(editing ? 'Error updating add-on' : 'Error creating add-on', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };

  return (
    <Dialog open={Boolean(addOn)} onOpenChange={onOpenChange}>
      <DialogContent title={editing ? 'Edit Add-on' : 'Create Add-on'} className="max-w-xl">
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <Field label="Name *" value={form.name} onChange={(e) => set({ name: e.target.value })} />
          <Field label="Description" value={form.description} onChange={(e) => set({ description: e.target.value })} />
          <div className="grid grid-cols-2 gap-3">
            <Field label="Base price ($) *" inputMode="decimal" value={form.price} onChange={(e) => set({ price: e.target.value })} />
            <Field label="Minutes *" type="number" min={0} step={5} value={form.minutes} onChange={(e) => set({ minutes: e.target.value })} />
          </div>
          <fieldset>
            <legend className="mb-1 text-sm font-medium">Price by vehicle size ($)</legend>
            <p className="mb-2 text-xs text-slate-500">Leave empty to use the base price.</p>
            <div className="grid grid-cols-3 gap-3">
              {SIZE_CLASSES.map((size) => (
                <Field
                  key={size}
                  label={`${SIZE_LABELS[size]} price`}
                  inputMode="decimal"
                  placeholder={form.price}
                  value={form.sizePrices[size] ?? ''}
                  onChange={(e) => set({ sizePrices: { ...form.sizePrices, [size]: e.target.value } })}
                />
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="mb-1 text-sm font-medium">Offered with</legend>
            <div className="grid grid-cols-2 gap-2">
              {services.map((service) => (
                <CheckboxField
                  key={service.id}
                  label={service.name}
                  checked={form.serviceIds.includes(service.id)}
                  onChange={(checked) => set({ serviceIds: checked ? [...form.serviceIds, service.id] : form.serviceIds.filter((id) => id !== service.id) })}
                />
              ))}
            </div>
          </fieldset>
          <TranslationsFields value={form.translations} onChange={(translations) => set({ translations })} englishName={form.name} englishDescription={form.description} />
          <label className="flex items-center gap-2 text-sm">
            <Switch checked={form.isActive} onCheckedChange={(isActive) => set({ isActive })} /> Active
          </label>
          <FormActions onCancel={() => onOpenChange(false)} submit={editing ? 'Update Add-on' : 'Create Add-on'} busy={save.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Deleting asks first; deactivating keeps the add-on for later. */
function DeleteAddOnDialog({ addOn, onClose }: { addOn: AdminAddOn | null; onClose: () => void }) {
  const remove = useDeleteAddOn();
  const confirm = () =>
    addOn &&
    remove.mutate(addOn.id, {
      onSuccess: () => {
        toast.success('Add-on deleted', { description: addOn.name });
        onClose();
      },
      onError: (err) => toast.error('Error deleting add-on', { description: errorMessage(err, 'Please try again.') }),
    });
  return (
    <Dialog open={Boolean(addOn)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Delete this add-on?" description={addOn ? `${addOn.name} will no longer be offered with any service. To keep it for later, switch it off instead.` : undefined}>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            Delete Add-on
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
