/**
 * The face of payments: Paying for a booking: intents, confirmation, the Stripe webhook.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { paymentsRoutes } from './payments.routes';
