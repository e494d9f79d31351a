import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from './domain';
import { statusText } from './status-words';
import { statusLabel } from './tracking';

describe('status words', () => {
  it('keeps English as the tracking labels', () => {
    for (const status of BOOKING_STATUSES) {
      expect(statusText('en', 'pickup', status)).toBe(statusLabel('pickup', status));
      expect(statusText('en', 'mobile', status)).toBe(statusLabel('mobile', status));
    }
  });

  it('words every status in Spanish and French by its timeline, never falling back to English', () => {
    expect(statusText('es', 'pickup', 'picked_up')).toBe('Vehículo recogido');
    expect(statusText('fr', 'mobile', 'en_route_pickup')).toBe('Chauffeur en route');
    expect(statusText('es', 'mobile', 'cancelled')).toBe('Cancelada');
    for (const language of ['es', 'fr'] as const) {
      for (const status of BOOKING_STATUSES) {
        for (const serviceType of ['pickup', 'mobile']) {
          expect(statusText(language, serviceType, status), `${language} ${serviceType} ${status}`).not.toBe(statusLabel(serviceType, status));
        }
      }
    }
  });

  it('keeps two steps that English tells apart apart in every language ("Service Completed" and "Service Complete")', () => {
    for (const language of ['en', 'es', 'fr'] as const) {
      for (const serviceType of ['pickup', 'mobile']) {
        const steps = [...new Set(BOOKING_STATUSES.map((status) => statusLabel(serviceType, status)))];
        const words = steps.map((label) => statusText(language, serviceType, BOOKING_STATUSES.find((status) => statusLabel(serviceType, status) === label)!));
        expect(new Set(words).size, `${language} ${serviceType}: ${words.join(' | ')}`).toBe(steps.length);
      }
    }
    expect(statusText('fr', 'mobile', 'completed_service')).not.toBe(statusText('fr', 'mobile', 'completed'));
  });
});
