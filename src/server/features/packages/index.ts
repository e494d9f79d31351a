/**
 * The face of packages: Prepaid packages and their credits.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { packagesRoutes } from './packages.routes';
export { packageJobs } from './packages.jobs';
export { redeemForBooking, restoreForBooking } from './credits';
export { isPackageIntent, settlePackagePayment } from './purchase-payments.service';
export { forgetPurchaserContact } from './packages.repository';
export { grantMembershipCredits, membershipCreditFor, membershipCreditsLeft } from './membership-credits';
export { addMonths } from './record-purchase';
