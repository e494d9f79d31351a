import { localized } from '@shared/localized';
import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { vehicleLabelOf } from '@shared/booking-job';
import { SIZE_CLASSES, VEHICLES_PER_BOOKING_MAX, type SizeClass } from '@shared/domain';
import { formatUsd } from '@shared/money';
import type { ServiceDetailView } from '@shared/schemas/services';
import type { SavedVehicle } from '@shared/schemas/vehicles';
import { findMakeIn, modelSizeClass } from '@shared/vehicle-names';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input, Label } from '@web/components/ui/input';
import { useLanguage, useT } from '@web/lib/i18n';
import { vehicleCatalogueQuery } from '../api';
import { bookingStartMessages } from '../start-messages';
import { newVehicleDraft, type VehicleDraft } from '../vehicle-drafts';

/** The vehicles of the visit: saved or typed, each with its size and the service's add-ons. */
export function VehiclesStep({ service, drafts, saved, signedIn, onChange }: { service: ServiceDetailView; drafts: VehicleDraft[]; saved: readonly SavedVehicle[]; signedIn: boolean; onChange: (next: VehicleDraft[]) => void }) {
  const t = useT(bookingStartMessages);
  const { language } = useLanguage();
  const typing = drafts.some((d) => !d.vehicleId);
  const catalogue = useQuery({ ...vehicleCatalogueQuery, enabled: typing });
  const makes = catalogue.data?.makes ?? [];
  const update = (key: number, change: Partial<VehicleDraft>) => onChange(drafts.map((d) => (d.key === key ? { ...d, ...change } : d)));

  return (
    <Card data-testid="vehicles-step">
      <CardHeader>
        <CardTitle>{t('vehiclesTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {drafts.map((draft, i) => {
          const n = i + 1;
          const own = draft.vehicleId ? saved.find((v) => v.id === draft.vehicleId) : undefined;
          const size = own?.sizeClass ?? draft.sizeClass;
          const make = findMakeIn(makes, draft.make);
          return (
            <fieldset key={draft.key} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid="job-vehicle">
              <legend className="flex w-full items-center justify-between px-1 text-sm font-semibold">
                {t('vehicleN', { n })}
                {drafts.length > 1 && (
                  <button type="button" className="ml-2 text-slate-500" aria-label={t('removeVehicle', { n })} onClick={() => onChange(drafts.filter((d) => d.key !== draft.key))}>
                    <X className="size-4" aria-hidden />
                  </button>
                )}
              </legend>
              {signedIn && saved.length > 0 && (
                <div className="flex flex-col gap-1">
                  <Label htmlFor={`vehicle-${draft.key}`}>{t('whichVehicle')}</Label>
                  <select
                    id={`vehicle-${draft.key}`}
                    className="h-10 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
                    value={draft.vehicleId ?? 'new'}
                    onChange={(e) => {
                      const picked = saved.find((v) => v.id === e.target.value);
                      update(draft.key, picked ? { vehicleId: picked.id, sizeClass: picked.sizeClass } : { vehicleId: null });
                    }}
                  >
                    {saved.map((v) => (
                      <option key={v.id} value={v.id}>
                        {vehicleLabelOf(v)} · {t(`offerSize_${v.sizeClass}`)}
                      </option>
                    ))}
                    <option value="new">{t('addNewVehicle')}</option>
                  </select>
                </div>
              )}
              {!own && (
                <div className="grid grid-cols-2 gap-2">
                  <div className="flex flex-col gap-1">
                    <Label htmlFor={`make-${draft.key}`}>{t('make')}</Label>
                    <Input
                      id={`make-${draft.key}`}
                      list="vehicle-makes"
                      value={draft.make}
                      autoComplete="off"
                      onChange={(e) => update(draft.key, { make: e.target.value, sizeClass: modelSizeClass(findMakeIn(makes, e.target.value), draft.model) ?? draft.sizeClass })}
                    />
                  </div>
                  <div className="flex flex-col gap-1">
                    <Label htmlFor={`model-${draft.key}`}>{t('model')}</Label>
                    <Input
                      id={`model-${draft.key}`}
                      list={`vehicle-models-${draft.key}`}
                      value={draft.model}
                      autoComplete="off"
                      onChange={(e) => update(draft.key, { model: e.target.value, sizeClass: modelSizeClass(make, e.target.value) ?? draft.sizeClass })}
                    />
                    <datalist id={`vehicle-models-${draft.key}`}>
                      {make?.models.map((m) => <option key={m.model} value={m.model} />)}
                    </datalist>
                  </div>
                  <div className="col-span-2 flex flex-col gap-1">
                    <Label htmlFor={`size-${draft.key}`}>{t('sizeClass')}</Label>
                    <select
                      id={`size-${draft.key}`}
                      className="h-10 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
                      value={draft.sizeClass}
                      onChange={(e) => update(draft.key, { sizeClass: e.target.value as SizeClass })}
                    >
                      {SIZE_CLASSES.map((s) => (
                        <option key={s} value={s}>
                          {t(`size_${s}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  {signedIn && (
                    <label className="col-span-2 flex items-center gap-2 text-sm">
                      <input type="checkbox" className="size-4 accent-brand-700" checked={draft.save} onChange={(e) => update(draft.key, { save: e.target.checked })} />
                      {t('saveForNextTime')}
                    </label>
                  )}
                </div>
              )}
              {service.addOns.length > 0 && (
                <div className="flex flex-col gap-1">
                  <p className="text-xs font-semibold uppercase text-slate-500">{t('addOns')}</p>
                  {service.addOns.map((addOn) => (
                    <label key={addOn.id} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-700"
                        checked={draft.addOnIds.includes(addOn.id)}
                        onChange={(e) => update(draft.key, { addOnIds: e.target.checked ? [...draft.addOnIds, addOn.id] : draft.addOnIds.filter((id) => id !== addOn.id) })}
                      />
                      {t('addOnLine', { name: localized(addOn, language).name, price: formatUsd(addOn.prices[size]), minutes: addOn.minutes })}
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
          );
        })}
        <datalist id="vehicle-makes">
          {makes.map((m) => <option key={m.make} value={m.make} />)}
        </datalist>
        {drafts.length < VEHICLES_PER_BOOKING_MAX && (
          <Button type="button" variant="outline" onClick={() => onChange([...drafts, newVehicleDraft()])}>
            <Plus aria-hidden /> {t('addVehicle')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
