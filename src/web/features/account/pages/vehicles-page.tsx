import { useQuery } from '@tanstack/react-query';
import { Car, Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { VEHICLE_NOTES_MAX, VEHICLE_YEAR_MIN } from '@shared/constants';
import { SIZE_CLASSES, type SizeClass } from '@shared/domain';
import type { SavedVehicle } from '@shared/schemas/vehicles';
import { findMakeIn, modelSizeClass } from '@shared/vehicle-names';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { FieldError, Input, Label, Textarea } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { useDeleteVehicle, useSaveVehicle, useVehicles, vehicleCatalogueQuery } from '../api';
import { SavedItemsPage } from '../components/saved-items';
import { SignedIn } from '../components/signed-in';
import { accountMessages } from '../messages';

const SIZE_WORDS = { sedan: 'sizeSedan', suv: 'sizeSuv', oversize: 'sizeOversize' } as const;
const SIZE_HINTS = { sedan: 'sizeSedanHint', suv: 'sizeSuvHint', oversize: 'sizeOversizeHint' } as const;

/** '2019 Honda CR-V' */
const vehicleName = (v: Pick<SavedVehicle, 'year' | 'make' | 'model'>) => [v.year, v.make, v.model].filter(Boolean).join(' ');

export function VehiclesPage() {
  return <SignedIn>{() => <Vehicles />}</SignedIn>;
}

function Vehicles() {
  const t = useT(accountMessages);
  const vehicles = useVehicles();
  const [editing, setEditing] = useState<SavedVehicle | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SavedVehicle | null>(null);

  return (
    <SavedItemsPage
      title={t('vehiclesTitle')}
      state={vehicles}
      onAdd={() => setEditing('new')}
      empty={{ icon: <Car className="size-10 text-slate-400" aria-hidden />, title: t('noVehicles'), hint: t('noVehiclesHint') }}
      card={(vehicle) => {
        const name = vehicleName(vehicle);
        return (
          <Card data-testid="vehicle-card">
            <CardContent className="flex items-start gap-3 pt-4">
              <Car className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{name}</p>
                <p className="text-sm text-slate-500">{[vehicle.colour, vehicle.plate && t('plateLabel', { plate: vehicle.plate })].filter(Boolean).join(' · ')}</p>
                <Badge tone="brand" className="mt-1">
                  {t(SIZE_WORDS[vehicle.sizeClass])}
                </Badge>
                {vehicle.notes && <p className="mt-1 break-words text-sm text-slate-600 dark:text-slate-300">{vehicle.notes}</p>}
              </div>
              <div className="flex shrink-0 gap-1">
                <Button size="icon" variant="ghost" aria-label={t('editVehicle', { name })} onClick={() => setEditing(vehicle)}>
                  <Pencil aria-hidden />
                </Button>
                <Button size="icon" variant="ghost" aria-label={t('deleteVehicle', { name })} onClick={() => setDeleting(vehicle)}>
                  <Trash2 className="text-red-600" aria-hidden />
                </Button>
              </div>
            </CardContent>
          </Card>
        );
      }}
    >
      {editing && <VehicleDialog vehicle={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteVehicleDialog vehicle={deleting} onClose={() => setDeleting(null)} />}
    </SavedItemsPage>
  );
}

/** Deleting asks first: the vehicle and its notes are gone for good. */
function DeleteVehicleDialog({ vehicle, onClose }: { vehicle: SavedVehicle; onClose: () => void }) {
  const t = useT(accountMessages);
  const remove = useDeleteVehicle();
  const name = vehicleName(vehicle);
  const confirm = () =>
    remove.mutate(vehicle.id, {
      onSuccess: () => {
        toast.success(t('vehicleDeleted'));
        onClose();
      },
      onError: (error) => toast.error(t('vehicleDeleteFailed'), { description: errorMessage(error, t('tryAgain')) }),
    });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('deleteVehicleTitle')} description={t('deleteVehicleBody', { name })}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            {t('keepVehicle')}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {t('confirmDeleteVehicle')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

type Form = { year: string; make: string; model: string; colour: string; plate: string; sizeClass: SizeClass | null; notes: string };
type Errors = Partial<Record<'year' | 'make' | 'model' | 'sizeClass', string>>;

/** Add / edit: make and model suggested from the catalogue, which also picks the usual size until the customer picks one. */
function VehicleDialog({ vehicle, onClose }: { vehicle: SavedVehicle | null; onClose: () => void }) {
  const t = useT(accountMessages);
  const save = useSaveVehicle();
  const catalogue = useQuery(vehicleCatalogueQuery);
  const ids = useId();
  const [form, setForm] = useState<Form>({
    year: vehicle?.year ? String(vehicle.year) : '',
    make: vehicle?.make ?? '',
    model: vehicle?.model ?? '',
    colour: vehicle?.colour ?? '',
    plate: vehicle?.plate ?? '',
    sizeClass: vehicle?.sizeClass ?? null,
    notes: vehicle?.notes ?? '',
  });
  // Once the customer picks a size, the catalogue no longer changes it.
  const [sizeChosen, setSizeChosen] = useState(Boolean(vehicle));
  const [errors, setErrors] = useState<Errors>({});

  const makes = catalogue.data?.makes ?? [];
  const make = findMakeIn(makes, form.make);
  const suggested = modelSizeClass(make, form.model);
  const sizeClass = sizeChosen ? form.sizeClass : (suggested ?? form.sizeClass);
  const set = (patch: Partial<Form>) => setForm((old) => ({ ...old, ...patch }));
  const maxYear = new Date().getFullYear() + 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!form.make.trim()) found.make = t('makeRequired');
    if (!form.model.trim()) found.model = t('modelRequired');
    const year = form.year.trim() ? Number(form.year) : null;
    if (year !== null && (!Number.isInteger(year) || year < VEHICLE_YEAR_MIN || year > maxYear)) found.year = t('yearInvalid', { min: VEHICLE_YEAR_MIN, max: maxYear });
    if (!sizeClass) found.sizeClass = t('sizeRequired');
    setErrors(found);
    if (Object.keys(found).length || !sizeClass) return;
    save.mutate(
      { id: vehicle?.id, year, make: form.make, model: form.model, colour: form.colour, plate: form.plate, sizeClass, notes: form.notes },
      {
        onSuccess: () => {
          toast.success(vehicle ? t('vehicleUpdated') : t('vehicleAdded'));
          onClose();
        },
        onError: (error) => toast.error(t('vehicleSaveFailed'), { description: errorMessage(error, t('tryAgain')) }),
      },
    );
  };

  const id = (name: string) => `${ids}-${name}`;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={vehicle ? t('editVehicleTitle') : t('addVehicleTitle')}>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <div className="grid grid-cols-2 gap-3">
            <TextInput id={id('make')} label={t('vehicleMake')} value={form.make} onChange={(make) => set({ make })} error={errors.make} list={id('makes')} autoComplete="off" />
            <TextInput id={id('model')} label={t('vehicleModel')} value={form.model} onChange={(model) => set({ model })} error={errors.model} list={id('models')} autoComplete="off" />
          </div>
          <datalist id={id('makes')}>
            {makes.map((entry) => (
              <option key={entry.make} value={entry.make} />
            ))}
          </datalist>
          <datalist id={id('models')}>
            {make?.models.map((entry) => (
              <option key={entry.model} value={entry.model} />
            ))}
          </datalist>
          <div className="grid grid-cols-2 gap-3">
            <TextInput id={id('year')} label={t('vehicleYear')} value={form.year} onChange={(year) => set({ year })} error={errors.year} inputMode="numeric" maxLength={4} />
            <TextInput id={id('colour')} label={t('vehicleColour')} value={form.colour} onChange={(colour) => set({ colour })} maxLength={40} />
          </div>
          <TextInput id={id('plate')} label={t('vehiclePlate')} value={form.plate} onChange={(plate) => set({ plate })} autoCapitalize="characters" maxLength={20} />
          <fieldset className="flex flex-col gap-2" aria-invalid={Boolean(errors.sizeClass)}>
            <legend className="mb-1 text-sm font-medium">{t('vehicleSize')}</legend>
            {SIZE_CLASSES.map((size) => (
              <label key={size} className="flex items-start gap-2 rounded-lg border border-slate-200 p-2 text-sm has-[:checked]:border-brand-500 dark:border-slate-700">
                <input
                  type="radio"
                  name={id('size')}
                  value={size}
                  className="mt-0.5 size-4 accent-brand-700"
                  checked={sizeClass === size}
                  onChange={() => {
                    setSizeChosen(true);
                    set({ sizeClass: size });
                  }}
                />
                <span>
                  <span className="font-medium">{t(SIZE_WORDS[size])}</span>
                  <span className="block text-xs text-slate-500">{t(SIZE_HINTS[size])}</span>
                </span>
              </label>
            ))}
            {suggested && <p className="text-xs text-slate-500">{t('sizeSuggested', { size: t(SIZE_WORDS[suggested]) })}</p>}
            <FieldError message={errors.sizeClass} />
          </fieldset>
          <div className="flex flex-col gap-1">
            <Label htmlFor={id('notes')}>{t('vehicleNotes')}</Label>
            <Textarea id={id('notes')} rows={2} maxLength={VEHICLE_NOTES_MAX} value={form.notes} onChange={(e) => set({ notes: e.target.value })} />
          </div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('saving') : vehicle ? t('saveChanges') : t('addVehicle')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function TextInput({
  id,
  label,
  value,
  onChange,
  error,
  ...props
}: { id: string; label: string; value: string; onChange: (value: string) => void; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={Boolean(error)} {...props} />
      <FieldError message={error} />
    </div>
  );
}
