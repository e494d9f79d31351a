import { text, type RawSearch } from '@web/lib/search';

/** The query of /tracking: a booking, the guest link's token when there is no session, and account=1 from the e-mail's account offer. */
export const trackingSearch = (search: RawSearch): { bookingId?: string; token?: string; account?: string } => ({
  bookingId: text(search, 'bookingId'),
  token: text(search, 'token'),
  account: text(search, 'account'),
});
