/**
 * The face of system: Health, version and the public configuration.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { publicConfigOf, systemRoutes } from './system.routes';
