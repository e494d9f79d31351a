/**
 * The face of vehicles: A customer's saved vehicles and the make/model catalogue.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { vehiclesRoutes } from './vehicles.routes';
export { deleteVehiclesOf, findOwnVehicle } from './vehicles.repository';
