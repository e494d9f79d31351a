import type { BookingStatus, Language } from './domain';
import { statusLabel, usesPickupTimeline } from './tracking';

/**
 * A booking status in the customer's language, for the web and the e-mails alike. English is
 * tracking.ts's labels, the words the API uses; Spanish and French are keyed by status (and
 * timeline), never by the English sentence.
 */
type StatusWords = { [S in BookingStatus]?: string } & { cancelled: string; other: string };

const PICKUP: Record<Exclude<Language, 'en'>, StatusWords> = {
  es: {
    pickup_scheduled: 'Recogida programada',
    confirmed: 'Recogida programada',
    en_route_pickup: 'Conductor en camino a la recogida',
    arrived_pickup: 'El conductor llegó para la recogida',
    picked_up: 'Vehículo recogido',
    en_route_service: 'En camino al taller',
    arrived_service: 'Llegó al taller',
    in_progress: 'Detallado en curso',
    completed_service: 'Servicio terminado',
    quality_check: 'Control de calidad',
    ready_for_return: 'Listo para devolver',
    en_route_return: 'Devolviendo tu vehículo',
    arrived_return: 'El conductor llegó para la devolución',
    completed: 'Devuelto y completado',
    cancelled: 'Cancelada',
    other: 'Procesando',
  },
  fr: {
    pickup_scheduled: 'Prise en charge planifiée',
    confirmed: 'Prise en charge planifiée',
    en_route_pickup: 'Chauffeur en route pour la prise en charge',
    arrived_pickup: 'Chauffeur arrivé pour la prise en charge',
    picked_up: 'Véhicule pris en charge',
    en_route_service: "En route vers l'atelier",
    arrived_service: "Arrivé à l'atelier",
    in_progress: 'Préparation en cours',
    completed_service: 'Service terminé',
    quality_check: 'Contrôle qualité',
    ready_for_return: 'Prêt pour le retour',
    en_route_return: 'Retour de votre véhicule',
    arrived_return: 'Chauffeur arrivé pour le retour',
    completed: 'Rendu et terminé',
    cancelled: 'Annulée',
    other: 'En traitement',
  },
};

const MOBILE: Record<Exclude<Language, 'en'>, StatusWords> = {
  es: {
    confirmed: 'Confirmada',
    en_route_pickup: 'Conductor en camino',
    arrived_pickup: 'El conductor llegó',
    in_progress: 'Servicio en curso',
    completed_service: 'Trabajo terminado',
    quality_check: 'Control de calidad',
    completed: 'Servicio completado',
    cancelled: 'Cancelada',
    other: 'Procesando',
  },
  fr: {
    confirmed: 'Confirmée',
    en_route_pickup: 'Chauffeur en route',
    arrived_pickup: 'Chauffeur arrivé',
    in_progress: 'Service en cours',
    completed_service: 'Travaux terminés',
    quality_check: 'Contrôle qualité',
    completed: 'Service terminé',
    cancelled: 'Annulée',
    other: 'En traitement',
  },
};

/** A booking status as the customer reads it on their timeline (pickup or mobile), in their language. */
export function statusText(language: Language, serviceType: string, status: string): string {
  if (language === 'en') return statusLabel(serviceType, status);
  const words = (usesPickupTimeline(serviceType) ? PICKUP : MOBILE)[language];
  if (status === 'cancelled') return words.cancelled;
  return words[status as BookingStatus] ?? words.other;
}
