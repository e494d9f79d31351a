/**
 * The face of account: My account: profile, password, deletion.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { accountRoutes } from './account.routes';
export { contactCopiesOf, lockUser, upcomingBookings } from './account.repository';
export { detachCards, eraseCustomer, eraseGuestClient, unusablePasswordHash } from './erase-customer';
export { updateUser } from './account.repository';
