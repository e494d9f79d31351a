// The booking start's steps after the service (vehicles, address, day and time): one chunk, fetched when the
// customer reaches for a service (booking-start.tsx), not with the page.
export { VehiclesStep } from './vehicles-step';
export { AddressField } from './address-field';
export { DateChoice, SlotSelect } from '@web/components/slot-picker';
