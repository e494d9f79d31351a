/**
 * The face of addresses: A customer's saved addresses.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { addressesRoutes } from './addresses.routes';
export { deleteAddressesOf } from './addresses.repository';
