import { Building2, Car, Truck } from 'lucide-react';
import type { RefObject } from 'react';
import type { ServiceType } from '@shared/domain';
import type { SavedAddress } from '@shared/schemas/account';
import type { AddressSuggestion } from '@shared/schemas/checkout';
import type { ServiceDetailView, ServiceView } from '@shared/schemas/services';
import type { SavedVehicle } from '@shared/schemas/vehicles';
import type { SlotCandidate } from '@shared/slots';
import { needsAddress, offeredServiceTypes } from '@shared/service-types';
import { DateChoice, SlotSelect } from '@web/components/slot-picker';
import type { SlotPlace } from '@web/components/slot-queries';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/input';
import { useT } from '@web/lib/i18n';
import { usePublicConfig } from '@web/lib/public-config';
import { cn } from '@web/lib/utils';
import { bookingStartMessages } from '../start-messages';
import type { VehicleDraft } from '../vehicle-drafts';
import { AddressField } from './address-field';
import { VehiclesStep } from './vehicles-step';

const TYPE_ICONS = { mobile: Car, pickup: Truck, serviceLocation: Building2 } as const;

export interface BookingStepsProps {
  service: ServiceView;
  /** The chosen service's detail (its add-ons), once it has arrived. */
  detail: ServiceDetailView | undefined;
  signedIn: boolean;
  vehicles: { drafts: VehicleDraft[]; saved: readonly SavedVehicle[]; onChange: (next: VehicleDraft[]) => void };
  serviceType: { value: ServiceType | null; onChange: (type: ServiceType) => void; missing: boolean };
  address: {
    value: string;
    verified: AddressSuggestion | null;
    book: readonly SavedAddress[];
    /** A saved address as the booking's place (the list shows its formatted address). */
    placeOf: (saved: SavedAddress) => AddressSuggestion;
    onPickSaved: (saved: SavedAddress | undefined) => void;
    onType: (text: string) => void;
    onVerified: (place: AddressSuggestion) => void;
    saveNew: boolean;
    onSaveNew: (save: boolean) => void;
    missing: boolean;
  };
  schedule: {
    card: RefObject<HTMLDivElement | null>;
    /** Changes once the first free day is known: the date choice starts again from it. */
    settled: boolean;
    date: string;
    vehicles: string;
    place: SlotPlace | undefined;
    onDate: (date: string) => void;
    slots: SlotCandidate[] | undefined;
    loading: boolean;
    failed: boolean;
    slotId: string | null;
    onSlot: (slotId: string | null) => void;
    missing: boolean;
  };
}

/**
 * The booking start's steps after the service (decision 073): the vehicles, the service type, the address and
 * the day and time, each a whole card. The booking start keeps their state (its sticky bar and Continue read
 * it) and loads this module, with the slot picker and the address search, once a service is chosen.
 */
export function BookingSteps({ service, detail, signedIn, vehicles, serviceType, address, schedule }: BookingStepsProps) {
  const t = useT(bookingStartMessages);
  const config = usePublicConfig();
  const { verified, book } = address;
  return (
    <>
      {detail && detail.id === service.id && <VehiclesStep service={detail} drafts={vehicles.drafts} saved={vehicles.saved} signedIn={signedIn} onChange={vehicles.onChange} />}

      <Card>
        <CardHeader>
          <CardTitle>{t('serviceType')}</CardTitle>
          {serviceType.missing && <StepMissing text={t('missingServiceType')} />}
        </CardHeader>
        <CardContent>
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">{t('serviceType')}</legend>
            {offeredServiceTypes(service.locationOptions).map((type) => {
              const Icon = TYPE_ICONS[type];
              return (
                <label
                  key={type}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700',
                    serviceType.value === type && 'border-brand-600 bg-brand-50 dark:bg-brand-900/30',
                  )}
                >
                  <input type="radio" name="service-type" value={type} checked={serviceType.value === type} onChange={() => serviceType.onChange(type)} className="size-4 accent-brand-700" />
                  <Icon className="size-5 text-brand-700" aria-hidden />
                  <span className="flex flex-col">
                    <span className="font-medium">{t(`type_${type}`)}</span>
                    <span className="text-xs text-slate-500">{t(`typeHint_${type}`)}</span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          {serviceType.value === 'serviceLocation' && config && <p className="mt-3 text-sm text-slate-600">{t('onSiteAt', { address: config.businessAddress })}</p>}
        </CardContent>
      </Card>

      {needsAddress(serviceType.value) && (
        <Card>
          <CardContent className="pt-4">
            {book.length > 0 && (
              <div className="mb-3 flex flex-col gap-1">
                <Label htmlFor="saved-address">{t('savedAddress')}</Label>
                <select
                  id="saved-address"
                  className="h-10 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
                  value={verified?.source === 'saved' && book.some((a) => a.id === verified.addressId) ? verified.addressId! : 'new'}
                  onChange={(e) => address.onPickSaved(book.find((a) => a.id === e.target.value))}
                >
                  {book.map((a) => (
                    <option key={a.id} value={a.id}>
                      {address.placeOf(a).formattedAddress}
                    </option>
                  ))}
                  <option value="new">{t('addNewAddress')}</option>
                </select>
              </div>
            )}
            <AddressField serviceType={serviceType.value!} value={address.value} verified={verified} onType={address.onType} onVerified={address.onVerified} />
            {signedIn && !verified?.addressId && (
              <label className="mt-2 flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4 accent-brand-700" checked={address.saveNew} onChange={(e) => address.onSaveNew(e.target.checked)} />
                {t('saveAddress')}
              </label>
            )}
            {address.missing && <StepMissing text={t('missingAddress')} />}
          </CardContent>
        </Card>
      )}

      <div ref={schedule.card} className="scroll-mt-20">
        <Card>
          <CardHeader>
            <CardTitle>{t('schedule')}</CardTitle>
            {schedule.missing && <StepMissing text={t('missingTime')} />}
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <DateChoice key={schedule.settled ? 'settled' : 'settling'} value={schedule.date} serviceId={service.id} vehicles={schedule.vehicles} place={schedule.place} onChange={schedule.onDate} />
            <SlotSelect id="booking-slot" slots={schedule.slots} loading={schedule.loading} failed={schedule.failed} value={schedule.slotId} onChange={schedule.onSlot} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function StepMissing({ text }: { text: string }) {
  return (
    <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="step-missing">
      {text}
    </p>
  );
}
