import { LANGUAGES, type Language } from '../../../shared/domain';
import { TIME_ZONE } from '../../../shared/constants';
import { formatMessage, type MessageParams } from '../../../shared/message-format';

/**
 * The words of every e-mail, per language; a mail is written in its recipient's language
 * (users.settings.language). Guests have no account and no saved language: their mail is English.
 * Spanish and French must cover every English key: the type says so.
 */
const en = {
  greeting: 'Hi {name},',
  'verify.subject': 'Verify your email for {business}',
  'verify.body': 'Please confirm your email address so we can send you booking confirmations and updates.',
  'verify.validity': 'This link is valid for 48 hours.',
  'verify.action': 'Verify email',
  'reset.subject': 'Reset your {business} password',
  'reset.body': 'Someone asked to reset the password of your account. If it was you, choose a new password with the link below; it works once, within the next hour.',
  'reset.notYou': 'If it was not you, you can ignore this email.',
  'reset.action': 'Choose a new password',
  'guestAccount.subject': "Your {business} account is ready",
  'guestAccount.body': "Your booking is now saved in your account, with its history. Choose a password with the link below to sign in next time; it works once, within 7 days.",
  'guestAccount.action': "Choose your password",
  'confirmation.accountOffer': "Save this booking to an account in one tap (your name, e-mail and phone are filled in): {link}",
  'invite.subject': "You're invited to drive for {business}",
  'invite.body': 'You have been added as a driver at {business}. Choose your password with the link below, then sign in to the driver dashboard.',
  'invite.validity': 'The link works once, within the next {days} days.',
  'invite.action': 'Set your password',
  'emailChanged.subject': 'Your {business} email address was changed',
  'emailChanged.body': 'The email address of your account was changed to {email}.',
  'emailChanged.notYou': 'If you did not do this, please call us at {phone}.',
  'passwordChanged.subject': 'Your {business} password was changed',
  'passwordChanged.body': 'The password of your account was just changed and every other device was signed out.',
  'passwordChanged.notYou': 'If you did not do this, please reset your password or call us at {phone}.',
  greetingNoName: 'Hi there,',
  'track.action': 'Track your booking',
  'bookings.action': 'View your bookings',
  questions: 'Questions? Call us at {phone}.',
  'serviceType.mobile': 'Mobile Service',
  'serviceType.pickup': 'Pickup Service',
  'serviceType.serviceLocation': 'At our location',
  'confirmation.subject': 'Booking confirmed: {service}, {date} at {time}',
  'confirmation.intro': 'Your booking #{number} is confirmed. A calendar invitation is attached.',
  'confirmation.when': 'When: {date}, {start} – {end} Pacific Time',
  'confirmation.where.pickup': 'Pickup address: {place}',
  'confirmation.where.mobile': 'Service address: {place}',
  'confirmation.where.serviceLocation': 'Location: {place}',
  'confirmation.total': 'Total paid: {total}',
  'confirmation.totalDue': 'Amount due: {total}. Pay it now by card with the button below, or any time before your appointment.',
  'confirmation.payAction': 'Pay now',
  'confirmation.trackLink': 'Track your booking: {link}',
  'confirmation.totalStore': 'Paid in our online store: {total}',
  'confirmation.totalWithCard': 'Total paid: {total} ({brand} ending {last4})',
  card: 'card',
  'calendar.description': 'Booking #{number} ({serviceType}). Track it: {link}',
  'driverAssigned.subject': '{service}: your detailer is {driver}',
  'driverAssigned.body': '{driver} will take care of booking #{number}. You can follow them live once they are on the way.',
  'status.subject': '{service}: {status}',
  'status.body': 'Your booking #{number} is now: {status}.',
  'cancelled.subject': 'Booking cancelled: {service}',
  'cancelled.body': 'Your booking #{number} for {service} on {when} is cancelled.',
  'cancelled.refunded': 'A full refund of {total} was issued to your card; it usually appears within 5–10 business days.',
  'cancelled.nothingCharged': 'Nothing was charged for this booking.',
  'rescheduled.subject': 'Booking rescheduled: {service}',
  'rescheduled.body': 'Your booking #{number} for {service} is now on {when}.',
  'rescheduled.calendar': 'The attached calendar file replaces the earlier one.',
  whenPacific: '{when} (Pacific Time)',
  'moved.subject': '{service}: new time',
  'moved.body': 'Your booking has been moved to {when} (Pacific Time).',
  'package.addedSubject': 'A {package} package was added to your account',
  'package.boughtSubject': 'Your {package} package',
  'package.credits': '{count} x {service} are now in your account.',
  'package.creditsPaid': '{count} x {service} are now in your account, paid {amount}.',
  'package.validFor': 'Use them within {months} months.',
  'package.neverExpires': 'They never expire.',
  'package.howToUse': 'Book a service and choose "Use 1 of your prepaid services" at checkout.',
  'package.action': 'See my packages',
  'package.expiringSubject': 'Your {package} package expires on {date}',
  'package.expiringBody': 'You have {count} x {service} left. They expire on {date}: book before then to use them.',
  'package.bookAction': 'Book now',
  'moved.reply': 'If that time does not suit you, reply to this email or call us.',
  'storeOrder.subject': 'Schedule your {service} (order {order})',
  'storeOrder.body': 'Thank you for your order {order}. Choose the day and time of your {service} with the link below; it takes a minute.',
  'storeOrder.action': 'Schedule my service',
  'storeData.subject': 'Customer data request from the store ({email})',
  'storeData.body': 'The store forwarded a customer data request for {email}. Everything the app keeps about this customer is attached; send it to the customer.',
  'duplicatePayment.subject': 'A second payment for booking {number} was refunded',
  'duplicatePayment.body': 'Booking {number} ({service}, {when}) was already paid when another payment of {amount} succeeded for it (payment {intent}). That payment was refunded at once and the booking keeps its first payment; the booking history records the refund.',
  'duplicatePayment.action': 'Open the bookings',
};
export type MailKey = keyof typeof en;

const es: { [K in MailKey]: string } = {
  greeting: 'Hola, {name}:',
  'verify.subject': 'Verifica tu correo electrónico para {business}',
  'verify.body': 'Confirma tu dirección de correo electrónico para que podamos enviarte las confirmaciones y novedades de tus reservas.',
  'verify.validity': 'Este enlace es válido durante 48 horas.',
  'verify.action': 'Verificar correo electrónico',
  'reset.subject': 'Restablece tu contraseña de {business}',
  'reset.body': 'Alguien ha pedido restablecer la contraseña de tu cuenta. Si has sido tú, elige una nueva contraseña con el enlace de abajo; funciona una sola vez, durante la próxima hora.',
  'reset.notYou': 'Si no has sido tú, puedes ignorar este correo.',
  'reset.action': 'Elegir una nueva contraseña',
  'guestAccount.subject': "Tu cuenta de {business} está lista",
  'guestAccount.body': "Tu reserva ya está guardada en tu cuenta, con su historial. Elige una contraseña con el enlace de abajo para entrar la próxima vez; funciona una sola vez, durante 7 días.",
  'guestAccount.action': "Elegir tu contraseña",
  'confirmation.accountOffer': "Guarda esta reserva en una cuenta con un toque (tu nombre, correo y teléfono ya están puestos): {link}",
  'invite.subject': 'Te invitamos a conducir para {business}',
  'invite.body': 'Te hemos añadido como conductor en {business}. Elige tu contraseña con el enlace de abajo y después inicia sesión en el panel de conductores.',
  'invite.validity': '{days, plural, one {El enlace funciona una sola vez, durante el próximo día.} other {El enlace funciona una sola vez, durante los próximos # días.}}',
  'invite.action': 'Elegir tu contraseña',
  'emailChanged.subject': 'Se ha cambiado tu correo electrónico de {business}',
  'emailChanged.body': 'El correo electrónico de tu cuenta se ha cambiado a {email}.',
  'emailChanged.notYou': 'Si no has sido tú, llámanos al {phone}.',
  'passwordChanged.subject': 'Se ha cambiado tu contraseña de {business}',
  'passwordChanged.body': 'La contraseña de tu cuenta se acaba de cambiar y se ha cerrado la sesión en todos los demás dispositivos.',
  'passwordChanged.notYou': 'Si no has sido tú, restablece tu contraseña o llámanos al {phone}.',
  greetingNoName: 'Hola:',
  'track.action': 'Seguir tu reserva',
  'bookings.action': 'Ver tus reservas',
  questions: '¿Tienes preguntas? Llámanos al {phone}.',
  'serviceType.mobile': 'Servicio a domicilio',
  'serviceType.pickup': 'Servicio de recogida',
  'serviceType.serviceLocation': 'En nuestro local',
  'confirmation.subject': 'Reserva confirmada: {service}, {date} a las {time}',
  'confirmation.intro': 'Tu reserva n.º {number} está confirmada. Adjuntamos una invitación para tu calendario.',
  'confirmation.when': 'Cuándo: {date}, {start} – {end}, hora del Pacífico',
  'confirmation.where.pickup': 'Dirección de recogida: {place}',
  'confirmation.where.mobile': 'Dirección del servicio: {place}',
  'confirmation.where.serviceLocation': 'Lugar: {place}',
  'confirmation.total': 'Total pagado: {total}',
  'confirmation.totalDue': 'Importe a pagar: {total}. Págalo ahora con tarjeta con el botón de abajo, o cuando quieras antes de tu cita.',
  'confirmation.payAction': 'Pagar ahora',
  'confirmation.trackLink': 'Sigue tu reserva: {link}',
  'confirmation.totalStore': 'Pagado en nuestra tienda en línea: {total}',
  'confirmation.totalWithCard': 'Total pagado: {total} ({brand} terminada en {last4})',
  card: 'tarjeta',
  'calendar.description': 'Reserva n.º {number} ({serviceType}). Síguela: {link}',
  'driverAssigned.subject': '{service}: tu detallista es {driver}',
  'driverAssigned.body': '{driver} se encargará de la reserva n.º {number}. Podrás seguirle en directo cuando esté en camino.',
  'status.subject': '{service}: {status}',
  'status.body': 'Tu reserva n.º {number} ahora está: {status}.',
  'cancelled.subject': 'Reserva cancelada: {service}',
  'cancelled.body': 'Tu reserva n.º {number} de {service} del {when} está cancelada.',
  'cancelled.refunded': 'Hemos devuelto a tu tarjeta el importe completo de {total}; suele aparecer en un plazo de 5 a 10 días hábiles.',
  'cancelled.nothingCharged': 'No se cobró nada por esta reserva.',
  'rescheduled.subject': 'Reserva cambiada: {service}',
  'rescheduled.body': 'Tu reserva n.º {number} de {service} es ahora el {when}.',
  'rescheduled.calendar': 'El archivo de calendario adjunto sustituye al anterior.',
  whenPacific: '{when} (hora del Pacífico)',
  'moved.subject': '{service}: nueva hora',
  'moved.body': 'Tu reserva se ha movido al {when} (hora del Pacífico).',
  'package.addedSubject': 'Se añadió un paquete {package} a tu cuenta',
  'package.boughtSubject': 'Tu paquete {package}',
  'package.credits': 'Ya tienes {count} x {service} en tu cuenta.',
  'package.creditsPaid': 'Ya tienes {count} x {service} en tu cuenta, pagados {amount}.',
  'package.validFor': 'Úsalos en los próximos {months} meses.',
  'package.neverExpires': 'No caducan.',
  'package.howToUse': 'Reserva un servicio y elige "Usar 1 de tus servicios prepagados" al pagar.',
  'package.action': 'Ver mis paquetes',
  'package.expiringSubject': 'Tu paquete {package} caduca el {date}',
  'package.expiringBody': 'Te quedan {count} x {service}. Caducan el {date}: reserva antes para usarlos.',
  'package.bookAction': 'Reservar ahora',
  'moved.reply': 'Si esa hora no te viene bien, responde a este correo o llámanos.',
  'storeOrder.subject': 'Programa tu {service} (pedido {order})',
  'storeOrder.body': 'Gracias por tu pedido {order}. Elige el día y la hora de tu {service} con el enlace de abajo; solo toma un minuto.',
  'storeOrder.action': 'Programar mi servicio',
  'storeData.subject': 'Solicitud de datos de un cliente de la tienda ({email})',
  'storeData.body': 'La tienda envió una solicitud de datos del cliente {email}. Todo lo que la aplicación guarda de este cliente va adjunto; envíaselo al cliente.',
  'duplicatePayment.subject': 'Se devolvió un segundo pago de la reserva {number}',
  'duplicatePayment.body': 'La reserva {number} ({service}, {when}) ya estaba pagada cuando otro pago de {amount} se completó para ella (pago {intent}). Ese pago se devolvió al instante y la reserva conserva su primer pago; el historial de la reserva registra la devolución.',
  'duplicatePayment.action': 'Abrir las reservas',
};

const fr: { [K in MailKey]: string } = {
  greeting: 'Bonjour {name},',
  'verify.subject': 'Vérifiez votre adresse e-mail pour {business}',
  'verify.body': 'Confirmez votre adresse e-mail afin que nous puissions vous envoyer les confirmations et les nouvelles de vos réservations.',
  'verify.validity': 'Ce lien est valable 48 heures.',
  'verify.action': 'Vérifier mon adresse e-mail',
  'reset.subject': 'Réinitialisez votre mot de passe {business}',
  'reset.body': 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte. Si c’est vous, choisissez un nouveau mot de passe avec le lien ci-dessous ; il ne fonctionne qu’une fois, dans l’heure qui vient.',
  'reset.notYou': 'Si ce n’est pas vous, vous pouvez ignorer cet e-mail.',
  'reset.action': 'Choisir un nouveau mot de passe',
  'guestAccount.subject': "Votre compte {business} est prêt",
  'guestAccount.body': "Votre réservation est maintenant enregistrée dans votre compte, avec son historique. Choisissez un mot de passe avec le lien ci-dessous pour vous connecter la prochaine fois ; il ne fonctionne qu’une fois, pendant 7 jours.",
  'guestAccount.action': "Choisir votre mot de passe",
  'confirmation.accountOffer': "Enregistrez cette réservation dans un compte en un geste (nom, e-mail et téléphone déjà remplis) : {link}",
  'invite.subject': 'Vous êtes invité à conduire pour {business}',
  'invite.body': 'Vous avez été ajouté comme chauffeur chez {business}. Choisissez votre mot de passe avec le lien ci-dessous, puis connectez-vous au tableau de bord chauffeur.',
  'invite.validity': '{days, plural, one {Le lien ne fonctionne qu’une fois, dans le jour qui vient.} other {Le lien ne fonctionne qu’une fois, dans les # prochains jours.}}',
  'invite.action': 'Choisir mon mot de passe',
  'emailChanged.subject': 'L’adresse e-mail de votre compte {business} a été modifiée',
  'emailChanged.body': 'L’adresse e-mail de votre compte a été remplacée par {email}.',
  'emailChanged.notYou': 'Si ce n’est pas vous, appelez-nous au {phone}.',
  'passwordChanged.subject': 'Le mot de passe de votre compte {business} a été modifié',
  'passwordChanged.body': 'Le mot de passe de votre compte vient d’être modifié et tous les autres appareils ont été déconnectés.',
  'passwordChanged.notYou': 'Si ce n’est pas vous, réinitialisez votre mot de passe ou appelez-nous au {phone}.',
  greetingNoName: 'Bonjour,',
  'track.action': 'Suivre votre réservation',
  'bookings.action': 'Voir vos réservations',
  questions: 'Des questions ? Appelez-nous au {phone}.',
  'serviceType.mobile': 'Service à domicile',
  'serviceType.pickup': 'Service avec prise en charge',
  'serviceType.serviceLocation': 'Dans notre atelier',
  'confirmation.subject': 'Réservation confirmée : {service}, {date} à {time}',
  'confirmation.intro': 'Votre réservation n° {number} est confirmée. Une invitation d’agenda est jointe.',
  'confirmation.when': 'Quand : {date}, {start} – {end}, heure du Pacifique',
  'confirmation.where.pickup': 'Adresse de prise en charge : {place}',
  'confirmation.where.mobile': 'Adresse d’intervention : {place}',
  'confirmation.where.serviceLocation': 'Lieu : {place}',
  'confirmation.total': 'Total payé : {total}',
  'confirmation.totalDue': 'Montant dû : {total}. Payez-le maintenant par carte avec le bouton ci-dessous, ou quand vous voulez avant votre rendez-vous.',
  'confirmation.payAction': 'Payer maintenant',
  'confirmation.trackLink': 'Suivez votre réservation : {link}',
  'confirmation.totalStore': 'Payé dans notre boutique en ligne : {total}',
  'confirmation.totalWithCard': 'Total payé : {total} ({brand} se terminant par {last4})',
  card: 'carte',
  'calendar.description': 'Réservation n° {number} ({serviceType}). Suivez-la : {link}',
  'driverAssigned.subject': '{service} : votre préparateur est {driver}',
  'driverAssigned.body': '{driver} s’occupera de la réservation n° {number}. Vous pourrez le suivre en direct dès qu’il sera en route.',
  'status.subject': '{service} : {status}',
  'status.body': 'Votre réservation n° {number} est maintenant : {status}.',
  'cancelled.subject': 'Réservation annulée : {service}',
  'cancelled.body': 'Votre réservation n° {number} pour {service} du {when} est annulée.',
  'cancelled.refunded': 'Un remboursement complet de {total} a été effectué sur votre carte ; il apparaît généralement sous 5 à 10 jours ouvrés.',
  'cancelled.nothingCharged': 'Rien n’a été débité pour cette réservation.',
  'rescheduled.subject': 'Réservation déplacée : {service}',
  'rescheduled.body': 'Votre réservation n° {number} pour {service} est désormais le {when}.',
  'rescheduled.calendar': 'Le fichier d’agenda joint remplace le précédent.',
  whenPacific: '{when} (heure du Pacifique)',
  'moved.subject': '{service} : nouvel horaire',
  'moved.body': 'Votre réservation a été déplacée au {when} (heure du Pacifique).',
  'package.addedSubject': 'Un forfait {package} a été ajouté à votre compte',
  'package.boughtSubject': 'Votre forfait {package}',
  'package.credits': '{count} x {service} sont maintenant sur votre compte.',
  'package.creditsPaid': '{count} x {service} sont maintenant sur votre compte, payés {amount}.',
  'package.validFor': 'Utilisez-les dans les {months} prochains mois.',
  'package.neverExpires': "Ils n'expirent jamais.",
  'package.howToUse': 'Réservez un service et choisissez « Utiliser 1 de vos services prépayés » au paiement.',
  'package.action': 'Voir mes forfaits',
  'package.expiringSubject': 'Votre forfait {package} expire le {date}',
  'package.expiringBody': 'Il vous reste {count} x {service}. Ils expirent le {date} : réservez avant pour les utiliser.',
  'package.bookAction': 'Réserver',
  'moved.reply': 'Si cet horaire ne vous convient pas, répondez à cet e-mail ou appelez-nous.',
  'storeOrder.subject': 'Planifiez votre {service} (commande {order})',
  'storeOrder.body': 'Merci pour votre commande {order}. Choisissez le jour et l’heure de votre {service} avec le lien ci-dessous ; cela prend une minute.',
  'storeOrder.action': 'Planifier mon service',
  'storeData.subject': 'Demande de données d’un client de la boutique ({email})',
  'storeData.body': 'La boutique a transmis une demande de données pour le client {email}. Tout ce que l’application conserve sur ce client est en pièce jointe ; envoyez-le au client.',
  'duplicatePayment.subject': 'Un second paiement de la réservation {number} a été remboursé',
  'duplicatePayment.body': 'La réservation {number} ({service}, {when}) était déjà payée quand un autre paiement de {amount} a abouti pour elle (paiement {intent}). Ce paiement a été remboursé aussitôt et la réservation garde son premier paiement ; l’historique de la réservation note le remboursement.',
  'duplicatePayment.action': 'Ouvrir les réservations',
};

const MAIL_TEXTS: Record<Language, { [K in MailKey]: string }> = { en, es, fr };

/** A saved language, or English when there is none (guests, old accounts) or it is not one we write. */
export function mailLanguage(saved: unknown): Language {
  return typeof saved === 'string' && (LANGUAGES as readonly string[]).includes(saved) ? (saved as Language) : 'en';
}

export type MailTranslate = (key: MailKey, params?: MessageParams) => string;

/** `const t = mailTexts('es', { business }); t('greeting', { name })`: shared params plus each text's own. */
export function mailTexts(language: Language, shared: MessageParams = {}): MailTranslate {
  return (key, params) => formatMessage(MAIL_TEXTS[language][key], { ...shared, ...params }, language);
}

/** A date and time as the recipient reads it, on the business's clock. */
export function formatMailDateTime(language: Language, instant: Date): string {
  return new Intl.DateTimeFormat(mailLocale(language), { dateStyle: 'full', timeStyle: 'short', timeZone: TIME_ZONE }).format(instant);
}

/** "Saturday, November 21, 2026" in the recipient's language, on the business's clock. */
export function formatMailLongDate(language: Language, instant: Date): string {
  return new Intl.DateTimeFormat(mailLocale(language), { timeZone: TIME_ZONE, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(instant);
}

/** "10:00 AM" (or "10:00") in the recipient's language, on the business's clock. */
export function formatMailClock(language: Language, instant: Date): string {
  return new Intl.DateTimeFormat(mailLocale(language), { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(instant);
}

/** English mail has always been written the American way. */
const mailLocale = (language: Language) => (language === 'en' ? 'en-US' : language);

/** A day as the recipient reads it, on the business's clock. */
export function formatMailDate(language: Language, instant: Date): string {
  return new Intl.DateTimeFormat(mailLocale(language), { dateStyle: 'full', timeZone: TIME_ZONE }).format(instant);
}

/** Dollars from cents, written the recipient's way. */
export function formatMailMoney(language: Language, cents: number): string {
  return new Intl.NumberFormat(mailLocale(language), { style: 'currency', currency: 'USD' }).format(cents / 100);
}
