/**
 * The face of payment-methods: A customer's saved cards.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { paymentMethodsRoutes } from './payment-methods.routes';
export { deletePaymentMethodsOf } from './payment-methods.repository';
export { keepCard, paymentCustomerRef, savedCardsFor, usableCard } from './saved-cards';
