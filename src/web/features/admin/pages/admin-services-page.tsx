import { Clock, DatabaseZap, ImageUp, KeyRound, Pencil, Plus } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { formatDuration } from '@shared/format';
import { formatUsd } from '@shared/money';
import type { AdminService } from '@shared/schemas/admin-services';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { Textarea } from '@web/components/ui/input';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/lib/api';
import { newIdempotencyKey, uploadImage, useAdminServices, useResetAdminPassword, useSaveService, useSeedServices, type ServiceForm } from '../api';
import { AdminLayout } from '../components/admin-layout';
import { CheckboxField, Field, FormActions, LabelledControl } from '../components/form-bits';

const toForm = (s: AdminService): ServiceForm => ({
  name: s.name,
  description: s.description,
  price: s.price,
  serviceFee: s.serviceFee,
  duration: s.duration,
  imageUrl: s.imageUrl,
  isActive: s.isActive,
  locationOptions: s.locationOptions,
});

export function AdminServicesPage() {
  const { data, isLoading, error } = useAdminServices();
  const save = useSaveService();
  const seed = useSeedServices();
  const resetPassword = useResetAdminPassword();
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
            disabled={resetPassword.isPending}
            onClick={() =>
              resetPassword.mutate(undefined, {
                onSuccess: (result) => toast.success('Admin password reset!', { description: result.message }),
                onError: (err) => toast.error('Error resetting password', { description: errorMessage(err, 'Please try again.') }),
              })
            }
          >
            <KeyRound aria-hidden /> Reset Admin Password
          </Button>
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
                {service.imageUrl && <img src={service.imageUrl} alt="" className="aspect-[16/9] w-full bg-slate-100 object-cover" loading="lazy" />}
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim() || !form.description.trim() || !String(form.price).trim() || !String(form.serviceFee).trim() || !String(form.duration).trim()) {
      return toast.error('Please fill in all required fields');
    }
    if (form.imageUrl && !isImageUrl(form.imageUrl)) return toast.error('Image URL must be a valid URL');
    save.mutate(
      { id: editing?.id, form: { ...form, imageUrl: form.imageUrl || null }, idempotencyKey },
      {
        onSuccess: () => {
          toast.success(editing ? 'Service updated successfully' : 'Service created successfully');
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
