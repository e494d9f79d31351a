import type { Language } from '../../../shared/domain';
import { formatMessage, type MessageParams } from '../../../shared/message-format';
import type { MessageKind } from '../../../shared/schemas/messages';

/**
 * The words of every message to a customer, per language and channel (decision 050). A text names the
 * business and carries one link; it is written to fit one SMS segment (160 GSM characters) with a short
 * link where it can. E-mails have a subject, a body and a button.
 * Params: business, service, when (date and time), time (clock only), eta, driver, text, total, link, day
 * (weekday, month and day, without the year), percent. A text's link is the short one (decision 070).
 */
interface KindTexts {
  sms: string;
  subject: string;
  body: string;
  action: string;
}

type Catalog = Record<MessageKind, KindTexts> & { greeting: string; greetingNoName: string; manageLine: string; tipLine: string; questions: string };

const en: Catalog = {
  greeting: 'Hi {name},',
  greetingNoName: 'Hi there,',
  manageLine: 'Need to change it? Reschedule or cancel here (up to 24 hours before): {link}',
  tipLine: 'Happy with the work? Leave a tip for {driver} (15, 20 or 25 %, or any amount): {link}',
  questions: 'Questions? Call us at {phone}.',
  reminder_24h: {
    sms: '{business}: reminder, {service} tomorrow at {time}. Change or cancel: {link}',
    subject: 'Reminder: {service} tomorrow at {time}',
    body: 'This is a reminder of your {service} on {when} (Pacific Time).',
    action: 'Manage booking',
  },
  reminder_2h: {
    sms: '{business}: see you soon, {service} today at {time}. Details: {link}',
    subject: 'See you soon: {service} today at {time}',
    body: 'Your {service} starts today at {time} (Pacific Time).',
    action: 'Track your booking',
  },
  on_my_way: {
    sms: '{business}: {driver} is on the way, ETA {eta}. Track: {link}',
    subject: '{driver} is on the way',
    body: '{driver} from {business} is on the way for your {service}. Expected at {eta}.',
    action: 'Track live',
  },
  review_request: {
    sms: '{business}: thank you! How did we do? Rate us in one tap: {link}',
    subject: 'How was your {service}?',
    body: 'Thank you for choosing {business}. How did we do? One tap rates your visit.',
    action: 'Rate your visit',
  },
  payment_reminder: {
    sms: '{business}: {total} is due for your {service} on {day} at {time}. Pay by card: {link}',
    subject: 'Payment due: {service} on {when}',
    body: 'The {total} for your {service} on {when} (Pacific Time) is still to be paid. You can pay by card now with the link below.',
    action: 'Pay now',
  },
  driver_message: {
    sms: '{business}, {driver}: {text}',
    subject: 'A message from {driver}',
    body: '{driver} from {business} wrote about your {service}: “{text}”',
    action: 'Track your booking',
  },
  weather_offer: {
    sms: '{business}: rain likely ({percent} %) for your {service} on {day}. Keep it or move in one tap: {link}',
    subject: 'Rain is likely on {day}: keep your {service} or move it',
    body: 'Rain is likely on {day} ({percent} %) during your {service} at {time} (Pacific Time). Keep your time, or move in one tap to one of three free times; your deposit and everything you booked come along.',
    action: 'Keep it or move',
  },
};

const es: Catalog = {
  greeting: 'Hola {name}:',
  greetingNoName: 'Hola:',
  manageLine: '¿Necesita cambiarla? Cambie la fecha o cancele aquí (hasta 24 horas antes): {link}',
  tipLine: '¿Le gustó el trabajo? Deje una propina a {driver} (15, 20 o 25 %, o cualquier cantidad): {link}',
  questions: '¿Preguntas? Llámenos al {phone}.',
  reminder_24h: {
    sms: '{business}: recordatorio, {service} mañana a las {time}. Cambiar o cancelar: {link}',
    subject: 'Recordatorio: {service} mañana a las {time}',
    body: 'Le recordamos su {service} el {when} (hora del Pacífico).',
    action: 'Gestionar la reserva',
  },
  reminder_2h: {
    sms: '{business}: hasta pronto, {service} hoy a las {time}. Detalles: {link}',
    subject: 'Hasta pronto: {service} hoy a las {time}',
    body: 'Su {service} empieza hoy a las {time} (hora del Pacífico).',
    action: 'Seguir su reserva',
  },
  on_my_way: {
    sms: '{business}: {driver} va en camino, llegada {eta}. Seguir: {link}',
    subject: '{driver} va en camino',
    body: '{driver}, de {business}, va en camino para su {service}. Llegada prevista: {eta}.',
    action: 'Seguir en vivo',
  },
  review_request: {
    sms: '{business}: ¡gracias! ¿Qué tal lo hicimos? Valore con un toque: {link}',
    subject: '¿Qué tal su {service}?',
    body: 'Gracias por elegir {business}. ¿Qué tal lo hicimos? Un toque basta para valorar su visita.',
    action: 'Valorar la visita',
  },
  payment_reminder: {
    sms: '{business}: faltan {total} de su {service} del {day}, {time}. Pagar con tarjeta: {link}',
    subject: 'Pago pendiente: {service} el {when}',
    body: 'Quedan por pagar {total} de su {service} del {when} (hora del Pacífico). Puede pagar ahora con tarjeta con el enlace de abajo.',
    action: 'Pagar ahora',
  },
  driver_message: {
    sms: '{business}, {driver}: {text}',
    subject: 'Un mensaje de {driver}',
    body: '{driver}, de {business}, escribió sobre su {service}: «{text}»',
    action: 'Seguir su reserva',
  },
  weather_offer: {
    sms: '{business}: probable lluvia ({percent} %) para su {service} el {day}. Mantener o cambiar: {link}',
    subject: 'Probable lluvia el {day}: mantenga su {service} o cámbielo',
    body: 'Es probable que llueva el {day} ({percent} %) durante su {service} a las {time} (hora del Pacífico). Mantenga su hora o cámbiela con un toque a una de tres horas libres; su depósito y todo lo reservado se mantienen.',
    action: 'Mantener o cambiar',
  },
};

const fr: Catalog = {
  greeting: 'Bonjour {name},',
  greetingNoName: 'Bonjour,',
  manageLine: 'Besoin de changer ? Déplacez ou annulez ici (jusqu’à 24 heures avant) : {link}',
  tipLine: 'Satisfait du travail ? Laissez un pourboire à {driver} (15, 20 ou 25 %, ou le montant de votre choix) : {link}',
  questions: 'Des questions ? Appelez-nous au {phone}.',
  reminder_24h: {
    sms: '{business} : rappel, {service} demain à {time}. Modifier ou annuler : {link}',
    subject: 'Rappel : {service} demain à {time}',
    body: 'Nous vous rappelons votre {service} le {when} (heure du Pacifique).',
    action: 'Gérer la réservation',
  },
  reminder_2h: {
    sms: '{business} : à bientôt, {service} aujourd’hui à {time}. Détails : {link}',
    subject: 'À bientôt : {service} aujourd’hui à {time}',
    body: 'Votre {service} commence aujourd’hui à {time} (heure du Pacifique).',
    action: 'Suivre la réservation',
  },
  on_my_way: {
    sms: '{business} : {driver} est en route, arrivée {eta}. Suivre : {link}',
    subject: '{driver} est en route',
    body: '{driver}, de {business}, est en route pour votre {service}. Arrivée prévue : {eta}.',
    action: 'Suivre en direct',
  },
  review_request: {
    sms: '{business} : merci ! Votre avis en un geste : {link}',
    subject: 'Comment s’est passé votre {service} ?',
    body: 'Merci d’avoir choisi {business}. Comment était-ce ? Un geste suffit pour noter votre visite.',
    action: 'Noter la visite',
  },
  payment_reminder: {
    sms: '{business} : {total} à payer pour votre {service} du {day} à {time}. Payer par carte : {link}',
    subject: 'Paiement en attente : {service} le {when}',
    body: 'Il reste {total} à payer pour votre {service} du {when} (heure du Pacifique). Vous pouvez payer par carte avec le lien ci-dessous.',
    action: 'Payer maintenant',
  },
  driver_message: {
    sms: '{business}, {driver} : {text}',
    subject: 'Un message de {driver}',
    body: '{driver}, de {business}, a écrit au sujet de votre {service} : « {text} »',
    action: 'Suivre la réservation',
  },
  weather_offer: {
    sms: '{business} : pluie probable ({percent} %) pour votre {service} le {day}. Garder ou déplacer : {link}',
    subject: 'Pluie probable le {day} : gardez votre {service} ou déplacez-le',
    body: 'De la pluie est probable le {day} ({percent} %) pendant votre {service} à {time} (heure du Pacifique). Gardez votre horaire, ou déplacez-le en un geste vers l’un des trois horaires libres ; votre acompte et tout ce que vous avez réservé suivent.',
    action: 'Garder ou déplacer',
  },
};

const CATALOGS: Record<Language, Catalog> = { en, es, fr };

export function messageTexts(language: Language) {
  const catalog = CATALOGS[language];
  const fill = (template: string, params: MessageParams) => formatMessage(template, params, language);
  return {
    sms: (kind: MessageKind, params: MessageParams) => fill(catalog[kind].sms, params),
    /** Whether the kind's text carries a link (the driver's message carries only their words). */
    smsHasLink: (kind: MessageKind) => catalog[kind].sms.includes('{link}'),
    mail: (kind: MessageKind, params: MessageParams & { name?: string | null; phone: string }) => ({
      subject: fill(catalog[kind].subject, params),
      greeting: params.name ? fill(catalog.greeting, params) : catalog.greetingNoName,
      body: fill(catalog[kind].body, params),
      action: catalog[kind].action,
      manageLine: (link: string) => fill(catalog.manageLine, { link }),
      tipLine: (link: string) => fill(catalog.tipLine, { ...params, link }),
      questions: fill(catalog.questions, params),
    }),
  };
}
