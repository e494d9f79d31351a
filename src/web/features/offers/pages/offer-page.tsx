import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@web/components/ui/feedback';
import { useT } from '@web/lib/i18n';
import { offerQuery } from '../api';
import { OfferContent } from '../components/offer-content';
import { offerMessages } from '../messages';

/** /sww-offer: the wash-and-wax promotion (an ad landing page: small, no booking or admin code). */
export function OfferPage() {
  const t = useT(offerMessages);
  const offer = useQuery(offerQuery);
  if (offer.isLoading) return <Spinner />;
  if (offer.isError || !offer.data) return <p className="py-10 text-center text-slate-600">{(offer.error as { status?: number })?.status === 404 ? t('noOffer') : t('loadFailed')}</p>;
  return <OfferContent offer={offer.data} />;
}
