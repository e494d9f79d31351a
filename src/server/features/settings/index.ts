/**
 * The face of settings: the business's settings by section with their defaults (decision 051). Features read
 * their section here; its fields are declared in shared/schemas/business-settings.ts.
 * Other features import only this file (docs/decisions/033-feature-faces.md).
 */
export { settingsRoutes } from './settings.routes';
export { cachedBusinessSettings, readBusinessSettings, writeBusinessSettings } from './settings.service';
