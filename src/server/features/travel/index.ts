/**
 * The face of travel (decisions 051, 054): drive times between points, from the offline estimate or a routing
 * service, cached per pair in travel_times; the service area by drive time.
 * Other features import only this file (docs/decisions/033-feature-faces.md).
 */
export { serviceAreaFor, serviceAreaOf, travelFnFor, type ServiceArea } from './travel.service';
