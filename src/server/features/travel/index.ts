/**
 * The face of travel (decision 051): drive times between points, from the offline estimate or a routing
 * service, cached per pair in travel_times.
 * Other features import only this file (docs/decisions/033-feature-faces.md).
 */
export { travelFnFor } from './travel.service';
