import { defineMessages } from '@web/lib/i18n';

/** The card forms (checkout, package purchases) in English, Spanish and French. */
export const cardFormMessages = defineMessages({
  en: {
    processing: 'Processing...',
    testMode: 'Test mode — no real charge',
    testModeHint: 'Pay with 4242 4242 4242 4242, or see a decline with 4000 0000 0000 0002. Any future expiry and any CVC.',
    loadingPaymentForm: 'Loading secure payment form...',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    expiryIncomplete: "Your card's expiration date is incomplete.",
    paymentFailed: 'Payment processing failed',
    paymentPending: 'The payment is still processing.',
  },
  es: {
    processing: 'Procesando...',
    testMode: 'Modo de prueba — sin cargo real',
    testModeHint: 'Paga con 4242 4242 4242 4242 o prueba un rechazo con 4000 0000 0000 0002. Cualquier fecha futura y cualquier CVC.',
    loadingPaymentForm: 'Cargando el formulario de pago seguro...',
    cardNumber: 'Número de tarjeta',
    expiry: 'Caducidad (MM/AA)',
    cvc: 'CVC',
    expiryIncomplete: 'La fecha de caducidad de tu tarjeta está incompleta.',
    paymentFailed: 'Error al procesar el pago',
    paymentPending: 'El pago aún se está procesando.',
  },
  fr: {
    processing: 'Traitement...',
    testMode: 'Mode test — aucun débit réel',
    testModeHint: 'Payez avec 4242 4242 4242 4242, ou testez un refus avec 4000 0000 0000 0002. Toute date future et tout CVC.',
    loadingPaymentForm: 'Chargement du formulaire de paiement sécurisé...',
    cardNumber: 'Numéro de carte',
    expiry: 'Expiration (MM/AA)',
    cvc: 'CVC',
    expiryIncomplete: "La date d'expiration de votre carte est incomplète.",
    paymentFailed: 'Échec du paiement',
    paymentPending: 'Le paiement est en cours de traitement.',
  },
});
