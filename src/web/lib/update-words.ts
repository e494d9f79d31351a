import { updateMessage, type UpdateKind, type UpdateParams } from '@shared/booking-lifecycle';
import { TIME_ZONE } from '@shared/constants';
import type { Language } from '@shared/domain';
import { formatMessage } from '@shared/message-format';
import { statusText } from '@shared/status-words';
import { pacificInstant } from '@shared/time';

/**
 * What happened to a booking, in the customer's language, from the update's kind + params. English is the
 * server's own sentence (the API's `message`, written by the same shared `updateMessage`). A note someone
 * typed (the driver's or the admin's message) is shown as written, in whatever language they wrote it.
 */
export interface UpdateLike {
  kind?: UpdateKind | null;
  params?: UpdateParams | null;
  message: string | null;
  status?: string | null;
}

type UpdateWords = {
  created: string;
  createdByBusiness: string;
  createdFromStore: string;
  payment_received: string;
  package_redeemed: string;
  payment_declined: string;
  hold_expired: string;
  holdReplaced: string;
  late_payment_refunded: string;
  latePaymentAfterCancel: string;
  duplicate_payment_refunded: string;
  payment_link_sent: string;
  payment_collected: string;
  tipCollected: string;
  payment_refunded: string;
  statusByBusiness: string;
  refundedSuffix: string;
  cancelled: string;
  cancelledByStore: string;
  lateFeeKept: string;
  no_show: string;
  noShowFee: string;
  noShowRefund: string;
  driver_assigned: string;
  driver_unassigned: string;
  rescheduledByCustomer: string;
  rescheduledForWeather: string;
  rescheduledBySchedule: string;
  rescheduled: string;
  detailsBySchedule: string;
  details_updated: string;
  refunded: string;
  reviewed: string;
  driver_note: string;
};

const WORDS: Record<Exclude<Language, 'en'>, UpdateWords> = {
  es: {
    created: 'Reserva creada.',
    createdByBusiness: 'La empresa reservó la cita.',
    createdFromStore: 'Reservada para el pedido #{orderNumber} de la tienda, pagado en la tienda en línea.',
    payment_received: 'Pago recibido. Tu reserva está confirmada.',
    package_redeemed: 'Pagado con un servicio de tu paquete prepagado. Tu reserva está confirmada.',
    payment_declined: 'Se rechazó el pago con tarjeta, así que la hora quedó libre.',
    hold_expired: 'La reserva no se pagó en 15 minutos, así que la hora quedó libre.',
    holdReplaced: 'Se empezó un nuevo pago del mismo servicio, así que esta hora quedó libre.',
    late_payment_refunded: 'El pago llegó cuando la hora ya no estaba reservada para ti y otra persona la tomó. Te hemos devuelto el pago.',
    latePaymentAfterCancel: 'El pago llegó después de que se cancelara esta cita. Te hemos devuelto el pago.',
    duplicate_payment_refunded: 'Llegó un segundo pago para esta reserva, que ya estaba pagada, y se devolvió al instante. Solo se conserva un pago.',
    payment_link_sent: 'Se envió por correo electrónico un enlace para pagar con tarjeta.',
    payment_collected: 'Pago recibido: {amount}.',
    tipCollected: 'Propina recibida: {amount}. ¡Gracias!',
    payment_refunded: 'Reembolso emitido: {amount}.',
    lateFeeKept: ' Se retuvo un cargo por cancelación tardía de {amount}; el resto se devolvió a la tarjeta.',
    no_show: 'Marcada como no presentada.',
    noShowFee: ' Se cobró un cargo por no presentarse de {amount}.',
    noShowRefund: ' Se devolvieron {amount} a la tarjeta.',
    statusByBusiness: 'La empresa cambió el estado a «{status}».',
    refundedSuffix: ' Se ha devuelto el importe completo a la tarjeta.',
    cancelled: 'Cancelada por el cliente.',
    cancelledByStore: 'Cancelada porque se canceló el pedido de la tienda.',
    driver_assigned: 'Conductor asignado: {driverName}',
    driver_unassigned: 'Ya no hay conductor asignado',
    rescheduledByCustomer: 'El cliente la cambió al {when} (hora del Pacífico).',
    rescheduledForWeather: 'El cliente la cambió al {when} (hora del Pacífico) por la lluvia prevista.',
    rescheduledBySchedule: 'Cita movida al {when}.',
    rescheduled: 'Cambiada al {when} (hora del Pacífico).',
    detailsBySchedule: 'Se actualizaron los detalles de la cita.',
    details_updated: 'La empresa actualizó los detalles de la reserva.',
    refunded: 'Se ha devuelto el importe completo a la tarjeta.',
    reviewed: 'Valoración: {rating} de 5.',
    driver_note: 'Mensaje de tu detallista: {text}',
  },
  fr: {
    created: 'Réservation créée.',
    createdByBusiness: 'Rendez-vous réservé par l’entreprise.',
    createdFromStore: 'Réservée pour la commande #{orderNumber} de la boutique, payée en ligne.',
    payment_received: 'Paiement reçu. Votre réservation est confirmée.',
    package_redeemed: 'Payé avec un service de votre forfait prépayé. Votre réservation est confirmée.',
    payment_declined: 'Le paiement par carte a été refusé, le créneau a donc été libéré.',
    hold_expired: 'La réservation n’a pas été payée dans les 15 minutes, le créneau a donc été libéré.',
    holdReplaced: 'Un nouveau paiement du même service a été commencé, ce créneau a donc été libéré.',
    late_payment_refunded: 'Le paiement est arrivé après la fin de la réservation temporaire et le créneau a été pris. Le paiement a été remboursé.',
    latePaymentAfterCancel: 'Le paiement est arrivé après l’annulation de ce rendez-vous. Le paiement a été remboursé.',
    duplicate_payment_refunded: 'Un second paiement pour cette réservation, déjà payée, a été remboursé aussitôt. Un seul paiement est conservé.',
    payment_link_sent: 'Un lien pour payer par carte a été envoyé par e-mail.',
    payment_collected: 'Paiement reçu : {amount}.',
    tipCollected: 'Pourboire reçu : {amount}. Merci !',
    payment_refunded: 'Remboursement effectué : {amount}.',
    lateFeeKept: ' Des frais d’annulation tardive de {amount} ont été retenus ; le reste a été remboursé sur la carte.',
    no_show: 'Marquée comme absence.',
    noShowFee: ' Des frais d’absence de {amount} ont été facturés.',
    noShowRefund: ' {amount} ont été remboursés sur la carte.',
    statusByBusiness: 'Statut changé en « {status} » par l’entreprise.',
    refundedSuffix: ' Un remboursement complet a été effectué sur la carte.',
    cancelled: 'Annulée par le client.',
    cancelledByStore: 'Annulée car la commande de la boutique a été annulée.',
    driver_assigned: 'Chauffeur affecté : {driverName}',
    driver_unassigned: 'Plus de chauffeur affecté',
    rescheduledByCustomer: 'Déplacée par le client au {when} (heure du Pacifique).',
    rescheduledForWeather: 'Déplacée par le client au {when} (heure du Pacifique) à cause de la pluie prévue.',
    rescheduledBySchedule: 'Rendez-vous déplacé au {when}.',
    rescheduled: 'Déplacée au {when} (heure du Pacifique).',
    detailsBySchedule: 'Détails du rendez-vous mis à jour.',
    details_updated: 'Détails de la réservation mis à jour par l’entreprise.',
    refunded: 'Un remboursement complet a été effectué sur la carte.',
    reviewed: 'Avis : {rating} sur 5.',
    driver_note: 'Message de votre préparateur : {text}',
  },
};

/** "martes, 2 de junio de 2026, 13:30" on the business's clock. */
function when(language: Language, params: UpdateParams): string {
  const instant = typeof params.scheduledDate === 'string' ? new Date(params.scheduledDate) : pacificInstant(String(params.date), String(params.time));
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone: TIME_ZONE }).format(instant);
}

const money = (language: Language, cents: UpdateParams[string] | undefined) => new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(Number(cents ?? 0) / 100);

export function updateText(language: Language, serviceType: string, update: UpdateLike): string {
  const fallback = update.message ?? (update.status ? statusText(language, serviceType, update.status) : '');
  if (language === 'en' || !update.kind) return fallback;
  const params = update.params ?? {};
  // A legacy sentence, a note, or an update whose message carries typed words: shown as written.
  if (params.legacy || update.kind === 'note') return fallback;
  // The driver's own words stay as typed; only the frame around them is translated.
  if (update.kind === 'driver_note') return formatMessage(WORDS[language].driver_note, { text: String(params.text ?? '') }, language);
  // Money moved by hand or given back: the amount in the reader's money format; a refund's reason as typed.
  if (update.kind === 'payment_collected' || update.kind === 'payment_refunded') {
    const words = WORDS[language];
    const amount = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(Number(params.amountCents ?? 0) / 100);
    if (update.kind === 'payment_refunded') return formatMessage(words.payment_refunded, { amount }, language) + (params.text ? ` ${String(params.text)}` : '');
    return formatMessage(params.tip ? words.tipCollected : words.payment_collected, { amount }, language);
  }
  if (update.message !== null && update.message !== updateMessage({ kind: update.kind, params, note: null })) return update.message;
  const words = WORDS[language];
  const fill = (template: string, values: Record<string, string | number | null>) => formatMessage(template, values, language);
  const refunded = params.refunded ? words.refundedSuffix : '';
  switch (update.kind) {
    case 'created':
      if (params.orderNumber) return fill(words.createdFromStore, { orderNumber: String(params.orderNumber) });
      return params.by === 'admin' ? words.createdByBusiness : words.created;
    case 'late_payment_refunded':
      return params.reason === 'cancelled' ? words.latePaymentAfterCancel : words.late_payment_refunded;
    case 'hold_expired':
      return params.reason === 'replaced' ? words.holdReplaced : words.hold_expired;
    case 'payment_received':
    case 'package_redeemed':
    case 'payment_link_sent':
    case 'payment_declined':
    case 'duplicate_payment_refunded':
    case 'driver_unassigned':
    case 'refunded':
      return words[update.kind];
    case 'status_changed': {
      const status = statusText(language, String(params.serviceType ?? serviceType), String(params.status ?? update.status ?? ''));
      return params.by === 'driver' ? status : fill(words.statusByBusiness, { status }) + refunded;
    }
    case 'cancelled':
      return (params.by === 'store' ? words.cancelledByStore : words.cancelled) + (params.feeCents ? fill(words.lateFeeKept, { amount: money(language, params.feeCents) }) : refunded);
    case 'no_show':
      return (
        words.no_show +
        (params.feeCents ? fill(words.noShowFee, { amount: money(language, params.feeCents) }) : '') +
        (params.refundedCents ? fill(words.noShowRefund, { amount: money(language, params.refundedCents) }) : '')
      );
    case 'driver_assigned':
      return fill(words.driver_assigned, { driverName: String(params.driverName ?? '') });
    case 'rescheduled': {
      const template = params.by === 'customer' ? (params.reason === 'weather' ? words.rescheduledForWeather : words.rescheduledByCustomer) : params.by === 'schedule' ? words.rescheduledBySchedule : words.rescheduled;
      return fill(template, { when: when(language, params) });
    }
    case 'details_updated':
      return params.by === 'schedule' ? words.detailsBySchedule : words.details_updated;
    case 'reviewed':
      return fill(words.reviewed, { rating: Number(params.rating) });
  }
}
