/**
 * The face of offers: Offers and their prices.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { offersRoutes } from './offers.routes';
export { offerPriceFor, seedOffer } from './offers.service';
