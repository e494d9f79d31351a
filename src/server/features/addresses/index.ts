/**
 * The face of addresses: A customer's saved addresses.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { addressesRoutes } from './addresses.routes';
// Where a saved address is, for the slot list of a job there (decision 055).
export { deleteAddressesOf, findOwnAddressCoordinates, findOwnPlace } from './addresses.repository';
