import { localized } from '@shared/localized';
import { track } from '@web/lib/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { AlertTriangle, ArrowRight, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';
import { parseUsAddress } from '@shared/address';
import { formatUsd, fromCents } from '@shared/money';
import { SERVICE_TYPES, type ServiceType } from '@shared/domain';
import type { SavedAddress } from '@shared/schemas/account';
import type { AddressSuggestion } from '@shared/schemas/checkout';
import { autoServiceType, canContinue, needsAddress } from '@shared/service-types';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/feedback';
import { useCurrentUser } from '@web/lib/session';
import { errorMessage } from '@web/lib/api';
import { isGuestMode, setGuestMode } from '@web/lib/guest-mode';
import { useLanguage, useT } from '@web/lib/i18n';
import { scrollBehavior } from '@web/lib/utils';
import { addDaysToKey } from '@shared/date-keys';
import { availableDaysQuery, savedAddressesQuery, savedVehiclesQuery, slotsQuery, useOffer, useService, useServices } from '../api';
import { jobSlotsQuery, priceOfJob } from '../job';
import { jobOfDrafts, newVehicleDraft, type VehicleDraft } from '../vehicle-drafts';
import { longDate, resolveDate, todayKey } from '../booking-dates';
import { bookingStartMessages } from '../start-messages';
import type { SlotPlace } from '@web/components/slot-queries';
import { ServiceCard } from './service-card';

/**
 * The steps after the service (vehicles, type, address, day and time) with the slot picker and the address
 * search: their own chunk, fetched once a service is chosen or reached for, so a customer's first load of `/`
 * carries only the services (decision 073). Rendered without a Suspense step: a boundary would hide the steps
 * already shown while a later one loads.
 */
let stepsModule: typeof import('./booking-steps') | undefined;
const loadSteps = () =>
  import('./booking-steps').then((m) => {
    stepsModule = m;
    return m;
  });
const preloadSteps = () => void loadSteps().catch(() => undefined);

function useBookingSteps(wanted: boolean): { module: typeof stepsModule; failed: boolean } {
  const [module, setModule] = useState(stepsModule);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    loadSteps().then(
      (m) => live && setModule(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, module]);
  return { module, failed };
}

/** Choose Your Service: services, service type, address, date and slot, then on to the booking details. */
export function BookingStart() {
  const t = useT(bookingStartMessages);
  const navigate = useNavigate();
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
  // An offer's banner comes with the steps too (an offer's link names its service).
  const steps = useBookingSteps(Boolean(service) || Boolean(offer));
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

  // Continue's checks and saves live with the steps (booking-steps.tsx): it is enabled only once they are shown.
  const continueToBooking = () =>
    loadSteps().then(
      (m) => m.continueBooking({ t, navigate, again, signedIn: Boolean(user), serviceId, serviceType, address, verified, addressBook, saveNewAddress, drafts, saved, job, setDrafts, refetchSaved: savedVehicles.refetch, slots: slots.data, slotId, date, travelFeeCents }),
      () => void toast.error(t('stepsFailed')),
    );

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
      {offer && steps.module && <steps.module.OfferBanner offer={offer} />}

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
          {/* A pointer or the keyboard on the services fetches the next steps before the choice. */}
          <section aria-label={t('chooseService')} className="flex flex-col gap-3" onPointerDown={preloadSteps} onFocus={preloadSteps}>
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
          {service && steps.module && (
            <steps.module.BookingSteps
              service={service}
              detail={detail.data}
              signedIn={Boolean(user)}
              vehicles={{
                drafts,
                saved,
                onChange: (next) => {
                  setDraftsTouched(true);
                  setDrafts(next);
                  setSlotId(null);
                },
              }}
              serviceType={{ value: serviceType, onChange: setServiceType, missing: missing.serviceType }}
              address={{
                value: address,
                verified,
                book: addressBook,
                placeOf: savedPlace,
                onPickSaved: pickSaved,
                onType: (text) => {
                  setAddress(text);
                  setVerified(null);
                },
                onVerified: (found) => {
                  setAddress(found.formattedAddress);
                  setVerified(found);
                },
                saveNew: saveNewAddress,
                onSaveNew: setSaveNewAddress,
                missing: missing.address,
              }}
              schedule={{
                card: scheduleCard,
                settled: dateSettled,
                date,
                vehicles: jobSlotsQuery(job),
                place,
                onDate: (next) => {
                  setPickedDate(next);
                  setSlotId(null);
                },
                slots: slots.data,
                loading: slots.isLoading || !dateSettled,
                failed: Boolean(slots.error),
                slotId,
                onSlot: setSlotId,
                missing: missing.time,
              }}
            />
          )}
          {service && !steps.module && (steps.failed ? <StepsFailed /> : <Spinner />)}
          </div>

          {/* The running total and Continue stay in reach (above the bottom navigation) while the customer scrolls through the steps. */}
          <div
            className="sticky bottom-[calc(3.25rem+env(safe-area-inset-bottom))] z-30 -mx-4 mt-2 flex flex-col gap-2 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] dark:border-slate-700 dark:bg-slate-900"
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

/** The place the slot lists are asked about: a saved address by its id, a found one by its coordinates. */
function slotPlaceOf(found: AddressSuggestion | null): SlotPlace | undefined {
  if (found?.addressId) return { addressId: found.addressId };
  if (found && found.latitude !== null && found.longitude !== null) return { lat: found.latitude, lng: found.longitude };
  return undefined;
}

/** A saved address as the place the booking goes to (the server checks the service area again). */
function savedPlace(a: SavedAddress): AddressSuggestion {
  const formattedAddress = `${a.street}, ${a.city}, ${a.state} ${a.zipCode}`;
  return { streetNumber: '', streetName: a.street, street: a.street, city: a.city, state: a.state, zipCode: a.zipCode, country: 'US', formattedAddress, source: 'saved', addressId: a.id, latitude: null, longitude: null, inServiceArea: true };
}

/** The next steps' code did not arrive (offline, or a release replaced it): the page must be loaded again. */
function StepsFailed() {
  const t = useT(bookingStartMessages);
  return (
    <Card className="border-red-200">
      <CardContent className="flex flex-col gap-3 pt-4 text-sm">
        <p>{t('stepsFailed')}</p>
        <Button onClick={() => window.location.reload()}>{t('refreshPage')}</Button>
      </CardContent>
    </Card>
  );
}
