/**
 * The face of operations: readiness, Prometheus metrics, backups and the nightly backup job (decision 040).
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { operationsRoutes } from './operations.routes';
export { operationsJobs } from './jobs';
