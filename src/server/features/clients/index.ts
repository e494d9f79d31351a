/**
 * The face of clients: every person who books, one record each (docs/decisions/039-clients.md).
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 * Clients builds on no other feature: the booking paths resolve a client through it, and the back office
 * (which also moves bookings) serves the record.
 */
export { resolveClient, findLiveClient, clientDetail, updateClientRecord, mergeClientRows, clientFamilyIds, forgetClients, type ClientContact } from './clients.service';
export { listClients, bookingsOf as clientBookings, contactOfClients, phoneDigitsOf } from './clients.repository';
