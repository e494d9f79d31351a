import { MapPin, Pencil, Star, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import type { SavedAddress } from '@shared/schemas/account';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { useAddresses, useDefaultAddress, useDeleteAddress, useSaveAddress } from '../api';
import { SavedItemsPage } from '../components/saved-items';
import { SignedIn } from '../components/signed-in';
import { accountMessages } from '../messages';

export function AddressesPage() {
  return <SignedIn>{() => <Addresses />}</SignedIn>;
}

function Addresses() {
  const t = useT(accountMessages);
  const addresses = useAddresses();
  const makeDefault = useDefaultAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);

  const onDelete = (address: SavedAddress) =>
    remove.mutate(address.id, {
      onSuccess: () => toast.success(t('addressDeleted')),
      onError: (error) => toast.error(t('addressDeleteFailed'), { description: errorMessage(error, t('tryAgain')) }),
    });
  const onDefault = (address: SavedAddress) =>
    makeDefault.mutate(address.id, {
      onSuccess: () => toast.success(t('defaultAddressUpdated')),
      onError: (error) => toast.error(t('tryAgain'), { description: errorMessage(error, t('tryAgain')) }),
    });

  return (
    <SavedItemsPage
      title={t('addressesTitle')}
      state={{ ...addresses, items: addresses.data ?? [] }}
      onAdd={() => setEditing('new')}
      empty={{ icon: <MapPin className="size-10 text-slate-400" aria-hidden />, title: t('noAddresses'), hint: t('noAddressesHint') }}
      card={(address) => (
        <Card data-testid="address-card">
          <CardContent className="flex items-start gap-3 pt-4">
            <MapPin className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{address.street}</p>
              <p className="text-sm text-slate-500">
                {address.city}, {address.state} {address.zipCode}
              </p>
              {address.isDefault && (
                <Badge tone="brand" className="mt-1">
                  {t('default')}
                </Badge>
              )}
            </div>
            <div className="flex shrink-0 gap-1">
              {!address.isDefault && (
                <Button size="icon" variant="ghost" aria-label={t('setDefaultFor', { street: address.street })} onClick={() => onDefault(address)} disabled={makeDefault.isPending}>
                  <Star aria-hidden />
                </Button>
              )}
              <Button size="icon" variant="ghost" aria-label={t('editAddress', { street: address.street })} onClick={() => setEditing(address)}>
                <Pencil aria-hidden />
              </Button>
              <Button size="icon" variant="ghost" aria-label={t('deleteAddress', { street: address.street })} onClick={() => onDelete(address)} disabled={remove.isPending}>
                <Trash2 className="text-red-600" aria-hidden />
              </Button>
            </div>
          </CardContent>
        </Card>
      )}
    >
      {editing && <AddressDialog address={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </SavedItemsPage>
  );
}

/** Add New Address / Edit Address: street, city, state and ZIP required; the default box. */
function AddressDialog({ address, onClose }: { address: SavedAddress | null; onClose: () => void }) {
  const t = useT(accountMessages);
  const save = useSaveAddress();
  const [form, setForm] = useState({ street: address?.street ?? '', city: address?.city ?? '', state: address?.state ?? '', zipCode: address?.zipCode ?? '', isDefault: address?.isDefault ?? false });
  const [errors, setErrors] = useState<Partial<Record<'street' | 'city' | 'state' | 'zipCode', string>>>({});
  const set = (field: keyof typeof form) => (value: string | boolean) => setForm((old) => ({ ...old, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: typeof errors = {};
    if (!form.street.trim()) missing.street = t('streetRequired');
    if (!form.city.trim()) missing.city = t('cityRequired');
    if (!form.state.trim()) missing.state = t('stateRequired');
    if (!form.zipCode.trim()) missing.zipCode = t('zipRequired');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    save.mutate(
      { ...form, id: address?.id },
      {
        onSuccess: () => {
          toast.success(address ? t('addressUpdated') : t('addressAdded'));
          onClose();
        },
        onError: (error) => toast.error(t('addressAddFailed'), { description: errorMessage(error, t('tryAgain')) }),
      },
    );
  };

  const field = (name: 'street' | 'city' | 'state' | 'zipCode', label: string, autoComplete: string) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={`address-${name}`}>{label}</Label>
      <Input id={`address-${name}`} autoComplete={autoComplete} value={form[name]} onChange={(e) => set(name)(e.target.value)} aria-invalid={Boolean(errors[name])} />
      <FieldError message={errors[name]} />
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={address ? t('editAddressTitle') : t('addAddressTitle')}>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          {field('street', t('street'), 'street-address')}
          {field('city', t('city'), 'address-level2')}
          <div className="grid grid-cols-2 gap-3">
            {field('state', t('state'), 'address-level1')}
            {field('zipCode', t('zipCode'), 'postal-code')}
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-brand-700" checked={form.isDefault} onChange={(e) => set('isDefault')(e.target.checked)} disabled={address?.isDefault} />
            {t('setAsDefault')}
          </label>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('saving') : address ? t('saveChanges') : t('addAddress')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
