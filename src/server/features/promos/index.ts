/**
 * The face of promos: promo codes the office manages (issue 25).
 * Other features import only this file (docs/decisions/033-feature-faces.md).
 */
export { promosRoutes } from './promos.routes';
export { claimPromoCode, recordPromoUse, type ClaimedPromo } from './promo-checkout';
