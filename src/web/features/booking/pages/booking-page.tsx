import { localized } from '@shared/localized';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatUsd } from '@shared/money';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { useLanguage, useT } from '@web/lib/i18n';
import { useOffer, useService } from '../api';
import { OfferBanner } from '../components/offer-banner';
import { jobOfSearch, priceOfJob } from '../job';
import { FlowError } from '../components/flow-error';
import { searchTravelFee } from '../search';
import { amountsOfJob, OrderSummary } from '../components/order-summary';
import { bookingMessages } from '../messages';
import { useBookingSearchView } from '../use-booking-search';

const route = getRouteApi('/booking');

/** /booking: the price summary and Book Service, which continues to checkout with the same query. */
export function BookingPage() {
  const t = useT(bookingMessages);
  const { language } = useLanguage();
  const search = route.useSearch();
  const navigate = useNavigate();
  const view = useBookingSearchView(search);
  const service = useService(search.serviceId);
  const offer = useOffer(search.offer);
  const [busy, setBusy] = useState(false);
  if (!search.serviceId) return <FlowError title={t('error')} text={t('missingDetails')} />;
  if (service.isLoading) return <Spinner />;
  if (service.isError || !service.data) return <FlowError title={t('error')} text={t('somethingWrong')} detail={errorMessage(service.error, '')} />;
  const job = priceOfJob(service.data, jobOfSearch(search.vehicles, search.offer), offer && offer.serviceId === service.data.id ? offer : null, searchTravelFee(search));
  const amounts = amountsOfJob(job);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{localized(service.data, language).name}</h1>
      <Card>
        <CardHeader>
          <CardTitle>{t('bookingSummary')}</CardTitle>
          <p className="text-sm text-slate-500">
            {t(`type_${search.serviceType}`)}
            {view.dateText && ` · ${view.dateText}`}
            {search.time && ` · ${search.time}`}
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {offer && <OfferBanner offer={offer} />}
          <OrderSummary amounts={amounts} job={job} />
          <p className="text-xs text-slate-500">{t('cardNote')}</p>
        </CardContent>
      </Card>
      <Button
        size="lg"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await navigate({ to: view.complete ? '/checkout' : '/', search: view.complete ? search : undefined });
          setBusy(false);
        }}
      >
        {busy ? t('processing') : t('bookService', { total: formatUsd(amounts.total) })}
      </Button>
    </div>
  );
}
