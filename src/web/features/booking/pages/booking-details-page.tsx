import { localized } from '@shared/localized';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input, Label } from '@web/components/ui/input';
import { ACCESS_NOTES_MAX, VEHICLE_MAX } from '@shared/constants';
import { useState } from 'react';
import { Spinner } from '@web/components/ui/feedback';
import { usePublicConfig } from '@web/lib/public-config';
import { errorMessage } from '@web/lib/api';
import { useLanguage, useT } from '@web/lib/i18n';
import { useOffer, useService } from '../api';
import { searchTravelFee } from '../search';
import { amountsOfJob, OrderSummary } from '../components/order-summary';
import { OfferBanner } from '../components/offer-banner';
import { jobOfSearch, priceOfJob } from '../job';
import { FlowError } from '../components/flow-error';
import { bookingMessages } from '../messages';
import { useBookingSearchView } from '../use-booking-search';

const route = getRouteApi('/booking-details');

/** Booking Details: Service, Address, Date, Time, then on to checkout with the same query. */
export function BookingDetailsPage() {
  const t = useT(bookingMessages);
  const { language } = useLanguage();
  const search = route.useSearch();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const view = useBookingSearchView(search);
  const service = useService(search.serviceId);
  const [vehicle, setVehicle] = useState(search.vehicle ?? '');
  const [accessNotes, setAccessNotes] = useState(search.accessNotes ?? '');
  const [coveredParking, setCoveredParking] = useState(search.coveredParking);
  const offer = useOffer(search.offer);
  if (!view.complete) return <FlowError title={t('error')} text={t('missingDetails')} />;
  if (view.past) return <FlowError title={t('datePassedTitle')} text={t('datePassedText', { date: view.dateText })} search={search} nextTimes />;
  if (service.isLoading) return <Spinner />;
  if (service.isError || !service.data) return <FlowError title={t('error')} text={t('somethingWrong')} detail={errorMessage(service.error, '')} />;
  const rows: Array<[string, string]> = [
    [t('service'), `${localized(service.data, language).name} (${t(`type_${search.serviceType}`)})`],
    [t('address'), search.serviceType === 'serviceLocation' ? `${t('atOurLocation')}: ${config?.businessAddress ?? ''}` : search.address],
    [t('date'), view.dateText],
    [t('time'), search.time ?? ''],
  ];
  const job = priceOfJob(service.data, jobOfSearch(search.vehicles, search.offer), offer && offer.serviceId === service.data.id ? offer : null, searchTravelFee(search));
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('bookingDetails')}</h1>
      {offer && <OfferBanner offer={offer} />}
      <Card>
        <CardHeader>
          <CardTitle>{localized(service.data, language).name}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="flex flex-col gap-3">
            {rows.map(([label, value]) => (
              <div key={label} className="flex flex-col">
                <dt className="text-xs font-semibold uppercase text-slate-500">{label}</dt>
                <dd className="[overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-4">
          <OrderSummary amounts={amountsOfJob(job)} job={job} title={t('orderSummary')} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('forTheDriver')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="vehicle">{t('vehicleLabel')}</Label>
            <Input id="vehicle" value={vehicle} maxLength={VEHICLE_MAX} autoComplete="off" placeholder={t('vehiclePlaceholder')} onChange={(e) => setVehicle(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="access-notes">{t('accessNotesLabel')}</Label>
            <Input id="access-notes" value={accessNotes} maxLength={ACCESS_NOTES_MAX} autoComplete="off" placeholder={t('accessNotesPlaceholder')} onChange={(e) => setAccessNotes(e.target.value)} />
          </div>
          {search.serviceType === 'mobile' && (
            <fieldset className="flex flex-col gap-1.5">
              <legend className="mb-1.5 text-sm font-medium">{t('coveredParkingLabel')}</legend>
              {(['yes', 'no'] as const).map((answer) => (
                <label key={answer} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="covered-parking" className="size-4 accent-brand-700" checked={coveredParking === answer} onChange={() => setCoveredParking(answer)} />
                  {t(answer === 'yes' ? 'coveredYes' : 'coveredNo')}
                </label>
              ))}
            </fieldset>
          )}
        </CardContent>
      </Card>
      <Button size="lg" onClick={() => void navigate({ to: '/checkout', search: { ...search, vehicle: vehicle.trim() || undefined, accessNotes: accessNotes.trim() || undefined, coveredParking } })}>
        {t('continueToCheckout')} <ArrowRight aria-hidden />
      </Button>
      <Button variant="outline" onClick={() => window.history.back()}>
        {t('back')}
      </Button>
    </div>
  );
}
