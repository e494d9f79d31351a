import { localized } from '@shared/localized';
import { track } from '@web/lib/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { AlertTriangle, ArrowRight, Building2, Car, Truck, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';
import { parseUsAddress } from '@shared/address';
import { formatUsd, fromCents } from '@shared/money';
import { SERVICE_TYPES, type ServiceType } from '@shared/domain';
import type { SavedAddress } from '@shared/schemas/account';
import type { AddressSuggestion } from '@shared/schemas/checkout';
import { Label } from '@web/components/ui/input';
import { autoServiceType, bookingStartProblem, canContinue, needsAddress, offeredServiceTypes } from '@shared/service-types';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/feedback';
import { usePublicConfig } from '@web/lib/public-config';
import { useCurrentUser } from '@web/lib/session';
import { errorMessage } from '@web/lib/api';
import { isGuestMode, setGuestMode } from '@web/lib/guest-mode';
import { useLanguage, useT } from '@web/lib/i18n';
import { cn, scrollBehavior } from '@web/lib/utils';
import { addDaysToKey } from '@shared/time';
import { availableDaysQuery, saveAddress, savedAddressesQuery, saveVehicle, savedVehiclesQuery, slotsQuery, useOffer, useService, useServices } from '../api';
import { jobSearchOf, jobSlotsQuery, priceOfJob } from '../job';
import { jobOfDrafts, newVehicleDraft, VehiclesStep, type VehicleDraft } from './vehicles-step';
import { OfferBanner } from './offer-banner';
import { dateParam, longDate, resolveDate, slotLabel, todayKey } from '../booking-dates';
import { bookingStartMessages } from '../start-messages';
import { AddressField } from './address-field';
import { DateChoice, SlotSelect, type SlotPlace } from '@web/components/slot-picker';
import { ServiceCard } from './service-card';

const TYPE_ICONS = { mobile: Car, pickup: Truck, serviceLocation: Building2 } as const;

/** Choose Your Service: services, service type, address, date and slot, then on to the booking details. */
export function BookingStart() {
  const t = useT(bookingStartMessages);
  const navigate = useNavigate();
  const config = usePublicConfig();
  const { user } = useCurrentUser();
  const guest = !user && isGuestMode();
  const services = useServices();
  // Book Again arrives with the service, type and address of an earlier booking in the query.
  const again = useSearch({ from: '/' });
  const [serviceId, setServiceId] = useState<string | null>(again.serviceId ?? null);
  const [serviceType, setServiceType] = useState<ServiceType | null>(
    (SERVICE_TYPES as readonly string[]).includes(again.serviceType ?? '') ? (again.serviceType as ServiceType) : null,
  );
  const [address, setAddress] = useState(again.address ?? '');
  const [verified, setVerified] = useState<AddressSuggestion | null>(null);
  // A signed-in customer's saved addresses are offered in a list, the default preselected into the address
  // field (typing there, or "Add new", gives another); a new one can be saved for next time.
  const savedAddresses = useQuery({ ...savedAddressesQuery, enabled: Boolean(user) });
  const addressBook = savedAddresses.data ?? [];
  const [saveNewAddress, setSaveNewAddress] = useState(true);
  const pickSaved = (saved: SavedAddress | undefined) => {
    const place = saved ? savedPlace(saved) : null;
    setAddress(place?.formattedAddress ?? '');
    setVerified(place);
  };
  const defaultAddress = addressBook.find((a) => a.isDefault) ?? addressBook[0];
  useEffect(() => {
    if (defaultAddress && !again.address) pickSaved(defaultAddress);
  }, [defaultAddress?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  // The day: the one the customer picks (or the link names, unless it has passed), else the first day with a
  // free start of the whole job (below), so the first list shown has times (late at night, today has none).
  const today = todayKey();
  const [linkDate] = useState(() => resolveDate(again.date));
  const [pickedDate, setPickedDate] = useState<string | null>(() => (linkDate && linkDate >= today ? linkDate : null));

  const service = services.data?.find((s) => s.id === serviceId);
  // The job: the visit's vehicles, each with its size and add-ons (decision 043). A signed-in customer starts
  // with a saved vehicle (the first, or the first of the offer's size), anyone else with one to type.
  const detail = useService(serviceId ?? undefined);
  const savedVehicles = useQuery({ ...savedVehiclesQuery, enabled: Boolean(user) });
  const saved = savedVehicles.data?.items ?? [];
  const offer = useOffer(again.offer);
  const jobOffer = offer && offer.serviceId === serviceId ? offer : undefined;
  const [drafts, setDrafts] = useState<VehicleDraft[]>(() => [newVehicleDraft(again.offer ?? 'sedan')]);
  const [draftsTouched, setDraftsTouched] = useState(false);
  useEffect(() => {
    if (draftsTouched || !saved.length) return;
    const first = (again.offer && saved.find((v) => v.sizeClass === again.offer)) || (again.offer ? undefined : saved[0]);
    if (first) setDrafts((current) => [{ ...current[0]!, vehicleId: first.id, sizeClass: first.sizeClass }, ...current.slice(1)]);
  }, [saved.length, draftsTouched]); // eslint-disable-line react-hooks/exhaustive-deps
  const job = jobOfDrafts(drafts, saved);
  // The first free day is the whole job's (its vehicles and add-ons), as the slot list below is (decision 043).
  // Where the job is: only starts a technician can get to are offered there (decision 055).
  const place = needsAddress(serviceType) ? slotPlaceOf(verified) : undefined;
  const openDays = useQuery({ ...availableDaysQuery(serviceId ?? '', today, addDaysToKey(today, 61), jobSlotsQuery(job), place), enabled: Boolean(serviceId), placeholderData: keepPreviousData });
  const firstFreeDay = openDays.data?.dates[0];
  const date = pickedDate ?? firstFreeDay ?? today;
  const dateSettled = pickedDate !== null || openDays.isFetched || openDays.isPlaceholderData;
  const pastLinkDate = linkDate && linkDate < today ? linkDate : null;
  const [slotId, setSlotId] = useState<string | null>(() => (again.slotId && pickedDate && again.slotId.startsWith(`${pickedDate}T`) ? again.slotId : null));
  // The address check answers the drive band's travel fee; the running total carries it as the server will.
  const travelFeeCents = needsAddress(serviceType) ? (verified?.travelFeeCents ?? 0) : 0;
  const price = detail.data && detail.data.id === serviceId ? priceOfJob(detail.data, job, jobOffer, travelFeeCents) : null;
  const slots = useQuery({ ...slotsQuery(serviceId ?? '', date, jobSlotsQuery(job), place), enabled: Boolean(serviceId) && dateSettled });
  useEffect(() => {
    if (slots.error) toast.error(t('slotsFailed'), { description: errorMessage(slots.error, '') || undefined });
  }, [slots.error, t]);

  const state = { serviceId, serviceType, address, slotId };
  const { language } = useLanguage();
  // What the customer still has to give, step by step: shown in each step and in the sticky bar.
  const missing = {
    service: !service,
    serviceType: Boolean(service) && !serviceType,
    address: Boolean(service) && needsAddress(serviceType) && !(verified ?? parseUsAddress(address)),
    time: Boolean(service) && !slotId,
  };
  const missingWords = (Object.keys(missing) as Array<keyof typeof missing>).filter((k) => missing[k]).map((k) => t(`missing_${k}`));
  const total = service && price ? formatUsd(fromCents(price.totalCents)) : null;

  // After a service is chosen, the next step scrolls into view (not on arrival with one already chosen).
  const nextStep = useRef<HTMLDivElement>(null);
  const [chosenAt, setChosenAt] = useState(0);
  const scheduleCard = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (chosenAt) nextStep.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  }, [chosenAt]);
  // Arriving with a service already chosen (Book Again, the offer page) counts as choosing it.
  useEffect(() => {
    if (again.serviceId) track('service_selected', { serviceId: again.serviceId, ...(again.offer ? { offer: again.offer } : {}) });
  }, [again.serviceId, again.offer]);

  async function continueToBooking() {
    const problem = bookingStartProblem(state);
    if (problem) {
      if (problem.toast === 'Address required') toast.error(t('addressRequired'), { description: problem.description === 'Please enter your pickup address' ? t('enterPickup') : t('enterServiceLocation') });
      else toast.error(t(problem.toast === 'Please select a service' ? 'pleaseSelectService' : problem.toast === 'Please select a service type' ? 'pleaseSelectServiceType' : 'pleaseSelectTime'));
      return;
    }
    let line = '';
    if (needsAddress(serviceType)) {
      const parsed = verified ?? parseUsAddress(address);
      if (!parsed) return void toast.error(t('addressIncomplete'));
      if (verified && !verified.inServiceArea) return void toast.error(t(verified.areaRefusal?.code === 'BEYOND_SERVICE_AREA' ? 'addressTooFar' : 'addressOutside'));
      line = parsed.formattedAddress;
    }
    const slot = slots.data?.find((s) => s.id === slotId);
    if (!slot) return void toast.error(t('pleaseSelectTime'));
    // A new address of a signed-in customer with "Save for next time" ticked joins the account.
    let addressId = verified?.addressId ?? undefined;
    const typed = needsAddress(serviceType) ? (verified ?? parseUsAddress(address)) : null;
    if (user && typed && !addressId && saveNewAddress && typed.street) {
      try {
        addressId = (await saveAddress({ street: typed.street, city: typed.city, state: typed.state, zipCode: typed.zipCode, isDefault: addressBook.length === 0 })).id;
      } catch (error) {
        return void toast.error(t('addressSaveFailed'), { description: errorMessage(error, '') || undefined });
      }
    }
    // "Save for next time": a typed vehicle of a signed-in customer joins the account and is booked by its id.
    let vehicles = job;
    if (user && drafts.some(wantsSaving)) {
      try {
        const kept = await Promise.all(drafts.map(async (d) => (wantsSaving(d) ? { ...d, vehicleId: (await saveVehicle({ make: d.make.trim(), model: d.model.trim(), sizeClass: d.sizeClass })).id } : d)));
        const refreshed = await savedVehicles.refetch();
        setDrafts(kept);
        vehicles = jobOfDrafts(kept, refreshed.data?.items ?? saved);
      } catch (error) {
        return void toast.error(t('vehicleSaveFailed'), { description: errorMessage(error, '') || undefined });
      }
    }
    void navigate({
      to: '/booking-details',
      search: {
        serviceId: serviceId!,
        serviceType: serviceType!,
        address: line,
        date: dateParam(date),
        time: slotLabel(slot),
        slotId: slot.id,
        addressId,
        ...(travelFeeCents > 0 ? { travelFee: travelFeeCents } : {}),
        // The point the slots were listed at (a suggestion's), so the booking is held there too.
        ...(!addressId && verified && verified.latitude !== null && verified.longitude !== null ? { lat: verified.latitude, lng: verified.longitude } : {}),
        offer: serviceId === again.serviceId ? again.offer : undefined,
        vehicles: jobSearchOf(vehicles),
      },
    });
  }

  return (
    <div className="flex flex-col gap-4">
      {guest && (
        <div className="flex items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <UserRound className="size-4 shrink-0" aria-hidden />
          <div className="flex-1">
            <p className="font-semibold">{t('browsingAsGuest')}</p>
            <p className="text-xs">{t('guestHint')}</p>
          </div>
          <button type="button" className="font-semibold text-brand-700 underline" onClick={() => setGuestMode(false)}>
            {t('signIn')}
          </button>
        </div>
      )}

      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h1 className="text-2xl font-bold">{t('chooseService')}</h1>
        <Link to="/packages" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {t('seePackages')}
        </Link>
      </div>
      {offer && <OfferBanner offer={offer} />}

      {pastLinkDate && (
        <div role="status" className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="past-date-notice">
          <p>{t('linkDatePassed', { date: longDate(pastLinkDate, language) })}</p>
          {service && firstFreeDay && (
            <Button
              type="button"
              variant="outline"
              className="self-start"
              onClick={() => {
                setPickedDate(firstFreeDay);
                setSlotId(null);
                scheduleCard.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
              }}
            >
              {t('nextFreeDay', { date: longDate(firstFreeDay, language) })}
            </Button>
          )}
          {!service && <p>{t('chooseServiceForDay')}</p>}
        </div>
      )}

      {services.isLoading && <Spinner />}
      {services.isError && (
        <Card className="border-red-200">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-red-700">
              <AlertTriangle className="size-5" aria-hidden /> {t('errorLoadingTitle')}
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 text-sm">
            <p>{t('errorLoadingText')}</p>
            <p className="text-slate-500">{errorMessage(services.error, '')}</p>
            <Button onClick={() => window.location.reload()}>{t('refreshPage')}</Button>
          </CardContent>
        </Card>
      )}
      {services.data && services.data.length === 0 && (
        <Card>
          <CardHeader>
            <CardTitle>{t('noServicesTitle')}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-slate-600">{t('noServicesText')}</CardContent>
        </Card>
      )}

      {services.data && services.data.length > 0 && (
        <>
          <section aria-label={t('chooseService')} className="flex flex-col gap-3">
            {services.data.map((s) => (
              <ServiceCard
                key={s.id}
                service={s}
                selected={s.id === serviceId}
                onSelect={() => {
                  if (s.id !== serviceId) track('service_selected', { serviceId: s.id });
                  setServiceId(s.id);
                  setServiceType(autoServiceType(s.locationOptions));
                  setSlotId(null);
                  setChosenAt(Date.now());
                }}
              />
            ))}
          </section>

          <div ref={nextStep} className="flex scroll-mt-20 flex-col gap-4" data-testid="booking-next-steps">
          {service && detail.data && detail.data.id === service.id && (
            <VehiclesStep
              service={detail.data}
              drafts={drafts}
              saved={saved}
              signedIn={Boolean(user)}
              onChange={(next) => {
                setDraftsTouched(true);
                setDrafts(next);
                setSlotId(null);
              }}
            />
          )}

          {service && (
            <Card>
              <CardHeader>
                <CardTitle>{t('serviceType')}</CardTitle>
                {missing.serviceType && <StepMissing text={t('missingServiceType')} />}
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
                          serviceType === type && 'border-brand-600 bg-brand-50 dark:bg-brand-900/30',
                        )}
                      >
                        <input type="radio" name="service-type" value={type} checked={serviceType === type} onChange={() => setServiceType(type)} className="size-4 accent-brand-700" />
                        <Icon className="size-5 text-brand-700" aria-hidden />
                        <span className="flex flex-col">
                          <span className="font-medium">{t(`type_${type}`)}</span>
                          <span className="text-xs text-slate-500">{t(`typeHint_${type}`)}</span>
                        </span>
                      </label>
                    );
                  })}
                </fieldset>
                {serviceType === 'serviceLocation' && config && <p className="mt-3 text-sm text-slate-600">{t('onSiteAt', { address: config.businessAddress })}</p>}
              </CardContent>
            </Card>
          )}

          {service && needsAddress(serviceType) && (
            <Card>
              <CardContent className="pt-4">
                {addressBook.length > 0 && (
                  <div className="mb-3 flex flex-col gap-1">
                    <Label htmlFor="saved-address">{t('savedAddress')}</Label>
                    <select
                      id="saved-address"
                      className="h-10 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
                      value={verified?.source === 'saved' && addressBook.some((a) => a.id === verified.addressId) ? verified.addressId! : 'new'}
                      onChange={(e) => pickSaved(addressBook.find((a) => a.id === e.target.value))}
                    >
                      {addressBook.map((a) => (
                        <option key={a.id} value={a.id}>
                          {savedPlace(a).formattedAddress}
                        </option>
                      ))}
                      <option value="new">{t('addNewAddress')}</option>
                    </select>
                  </div>
                )}
                <AddressField
                  serviceType={serviceType!}
                  value={address}
                  verified={verified}
                  onType={(text) => {
                    setAddress(text);
                    setVerified(null);
                  }}
                  onVerified={(place) => {
                    setAddress(place.formattedAddress);
                    setVerified(place);
                  }}
                />
                {user && !verified?.addressId && (
                  <label className="mt-2 flex items-center gap-2 text-sm">
                    <input type="checkbox" className="size-4 accent-brand-700" checked={saveNewAddress} onChange={(e) => setSaveNewAddress(e.target.checked)} />
                    {t('saveAddress')}
                  </label>
                )}
                {missing.address && <StepMissing text={t('missingAddress')} />}
              </CardContent>
            </Card>
          )}

          {service && (
            <div ref={scheduleCard} className="scroll-mt-20">
              <Card>
                <CardHeader>
                  <CardTitle>{t('schedule')}</CardTitle>
                  {missing.time && <StepMissing text={t('missingTime')} />}
                </CardHeader>
                <CardContent className="flex flex-col gap-3">
                  <DateChoice
                    key={dateSettled ? 'settled' : 'settling'}
                    value={date}
                    serviceId={service.id}
                    vehicles={jobSlotsQuery(job)}
                    place={place}
                    onChange={(next) => {
                      setPickedDate(next);
                      setSlotId(null);
                    }}
                  />
                  <SlotSelect id="booking-slot" slots={slots.data} loading={slots.isLoading || !dateSettled} failed={Boolean(slots.error)} value={slotId} onChange={setSlotId} />
                </CardContent>
              </Card>
            </div>
          )}

          </div>

          {/* The running total and Continue stay in reach (above the bottom navigation) while the customer scrolls through the steps. */}
          <div
            className="sticky bottom-[calc(3.25rem+env(safe-area-inset-bottom))] z-30 -mx-4 mt-2 flex flex-col gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur dark:border-slate-700 dark:bg-slate-900/95"
            data-testid="booking-sticky-bar"
            data-covers-bottom="booking-bar"
          >
            <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="booking-still-needed" aria-live="polite">
              {missingWords.length ? t('stillNeeded', { items: new Intl.ListFormat(language, { type: 'conjunction' }).format(missingWords) }) : t('readyToContinue')}
            </p>
            <div className="flex items-center gap-3">
              <p className="flex min-w-0 flex-1 flex-col leading-tight">
                {service && total && (
                  <>
                    <span className="truncate text-xs text-slate-600 dark:text-slate-300">
                      {t('runningTotal')} · {localized(service, language).name}
                    </span>
                    <strong className="text-lg" data-testid="booking-running-total">
                      {total}
                    </strong>
                    {price && price.travelFeeCents > 0 && (
                      <span className="text-xs text-slate-600 dark:text-slate-300" data-testid="booking-travel-fee">
                        {t('travelFee')} {formatUsd(fromCents(price.travelFeeCents))}
                      </span>
                    )}
                  </>
                )}
              </p>
              <Button size="lg" disabled={!canContinue(state)} onClick={() => void continueToBooking()}>
                {t('continueToBooking')} <ArrowRight aria-hidden />
              </Button>
            </div>
          </div>
        </>
      )}
    </div>
  );
}

/** A saved address as the place the booking goes to (the server checks the service area again). */
/** The place the slot lists are asked about: a saved address by its id, a found one by its coordinates. */
function slotPlaceOf(found: AddressSuggestion | null): SlotPlace | undefined {
  if (found?.addressId) return { addressId: found.addressId };
  if (found && found.latitude !== null && found.longitude !== null) return { lat: found.latitude, lng: found.longitude };
  return undefined;
}

function savedPlace(a: SavedAddress): AddressSuggestion {
  const formattedAddress = `${a.street}, ${a.city}, ${a.state} ${a.zipCode}`;
  return { streetNumber: '', streetName: a.street, street: a.street, city: a.city, state: a.state, zipCode: a.zipCode, country: 'US', formattedAddress, source: 'saved', addressId: a.id, latitude: null, longitude: null, inServiceArea: true };
}

/** A typed vehicle the customer asked to keep, with enough to name it. */
const wantsSaving = (d: VehicleDraft) => !d.vehicleId && d.save && Boolean(d.make.trim()) && Boolean(d.model.trim());

function StepMissing({ text }: { text: string }) {
  return (
    <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="step-missing">
      {text}
    </p>
  );
}
