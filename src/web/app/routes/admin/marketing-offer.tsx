import { AdminMarketingOfferPage } from '@web/features/admin/pages/admin-marketing-offer-page';
import { OfferContent } from '@web/features/offers/components/offer-content';

/** The offer editor with the public page as its preview. */
export function MarketingOffer() {
  return <AdminMarketingOfferPage renderPreview={(offer) => <OfferContent offer={offer} preview />} />;
}
