import { defineMessages } from '@web/lib/i18n';

/** The shell's own words: navigation and the page for an unknown address. */
export const appMessages = defineMessages({
  en: {
    home: 'Home',
    bookings: 'Bookings',
    account: 'Account',
    help: 'Help',
    profile: 'Profile',
    guest: 'Guest',
    notFoundTitle: 'Page Not Found',
    notFoundHint: 'This page does not exist or has moved. Check the address, or start again from the home page.',
    notFoundDevHint: 'Did you forget to add the page to the router? (Developer hint: every route lives in src/web/app/routes/.)',
    returnHome: 'Return Home',
  },
  es: {
    home: 'Inicio',
    bookings: 'Reservas',
    account: 'Cuenta',
    help: 'Ayuda',
    profile: 'Perfil',
    guest: 'Invitado',
    notFoundTitle: 'Página no encontrada',
    notFoundHint: 'Esta página no existe o se ha movido. Revisa la dirección o vuelve a empezar desde la página de inicio.',
    notFoundDevHint: '¿Olvidaste añadir la página al router? (Pista para desarrolladores: cada ruta vive en src/web/app/routes/.)',
    returnHome: 'Volver al inicio',
  },
  fr: {
    home: 'Accueil',
    bookings: 'Réservations',
    account: 'Compte',
    help: 'Aide',
    profile: 'Profil',
    guest: 'Invité',
    notFoundTitle: 'Page introuvable',
    notFoundHint: 'Cette page n’existe pas ou a été déplacée. Vérifiez l’adresse ou repartez de la page d’accueil.',
    notFoundDevHint: 'Avez-vous oublié d’ajouter la page au routeur ? (Indice : chaque route se trouve dans src/web/app/routes/.)',
    returnHome: 'Retour à l’accueil',
  },
});
