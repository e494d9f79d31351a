/**
 * The face of geo: Addresses on the map: geocoding and the service area.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { geoRoutes } from './geo.routes';
export { areaVerdict, assertServed, assertServiceArea, withCoordinates, type AreaVerdict } from './geo.service';
export { type KnownAddress } from './geo.repository';
