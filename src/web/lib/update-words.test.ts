import { describe, expect, it } from 'vitest';
import { updateMessage, type BookingUpdateRecord } from '@shared/booking-lifecycle';
import { loadErrorTable, localizeError } from './error-messages';
import { updateText } from './update-words';

/** Words that only an English sentence would carry. */
const ENGLISH = /\b(the|your|you|was|is|to|by|and|please|time|booking|driver|card|payment|released|assigned|declined|taken)\b/i;

/** An update as the API sends it: kind + params, and the English sentence the shared rule writes. */
const asSent = (record: BookingUpdateRecord, status = 'confirmed') => ({ ...record, status, message: updateMessage(record) });

describe('a customer who chose Spanish', () => {
  it('sees no English on a slot conflict, a decline and live updates', async () => {
    await loadErrorTable('es');
    const conflict = localizeError('es', { code: 'SLOT_FULL', message: 'That time was just taken. Please choose another time.' })!;
    const decline = localizeError('es', { code: 'PAYMENT_DECLINED', message: 'Your card was declined.', params: { reason: 'Your card was declined.' } })!;
    const updates = [
      asSent({ kind: 'payment_declined', params: {}, note: null }, 'cancelled'),
      asSent({ kind: 'payment_received', params: {}, note: null }),
      asSent({ kind: 'status_changed', params: { status: 'en_route_pickup', by: 'driver', serviceType: 'mobile' }, note: null }, 'en_route_pickup'),
      asSent({ kind: 'status_changed', params: { status: 'in_progress', by: 'admin' }, note: null }, 'in_progress'),
      asSent({ kind: 'driver_assigned', params: { driverName: 'Sam Reed' }, note: null }),
      asSent({ kind: 'rescheduled', params: { by: 'customer', date: '2026-06-02', time: '13:30', scheduledDate: '2026-06-02T20:30:00.000Z' }, note: null }),
      asSent({ kind: 'cancelled', params: { by: 'customer', refunded: true }, note: null }, 'cancelled'),
      asSent({ kind: 'late_payment_refunded', params: { reason: 'cancelled' }, note: null }, 'cancelled'),
      asSent({ kind: 'payment_link_sent', params: {}, note: null }),
      asSent({ kind: 'hold_expired', params: { reason: 'replaced' }, note: null }, 'cancelled'),
    ].map((update) => updateText('es', 'mobile', update));
    expect(conflict).toBe('Alguien acaba de reservar esa hora. Elige otra, por favor.');
    expect(decline).toBe('Se rechazó el pago con tarjeta. Prueba con otra tarjeta.');
    expect(updates).toEqual([
      'Se rechazó el pago con tarjeta, así que la hora quedó libre.',
      'Pago recibido. Tu reserva está confirmada.',
      'Conductor en camino',
      'La empresa cambió el estado a «Servicio en curso».',
      'Conductor asignado: Sam Reed',
      'El cliente la cambió al martes, 2 de junio de 2026, 13:30 (hora del Pacífico).',
      'Cancelada por el cliente. Se ha devuelto el importe completo a la tarjeta.',
      'El pago llegó después de que se cancelara esta cita. Te hemos devuelto el pago.',
      'Se envió por correo electrónico un enlace para pagar con tarjeta.',
      'Se empezó un nuevo pago del mismo servicio, así que esta hora quedó libre.',
    ]);
    for (const text of [conflict, decline, ...updates]) expect(text).not.toMatch(ENGLISH);
  });

  it('sees a note someone typed as it was written', () => {
    const noted = asSent({ kind: 'status_changed', params: { status: 'arrived_pickup', by: 'driver', serviceType: 'mobile' }, note: 'Estoy en la puerta' });
    expect(updateText('es', 'mobile', noted)).toBe('Estoy en la puerta');
    expect(updateText('fr', 'mobile', asSent({ kind: 'note', params: {}, note: 'Code portail 1234' }))).toBe('Code portail 1234');
  });
});

describe('an English reader', () => {
  it('sees the server’s sentence unchanged', () => {
    const update = asSent({ kind: 'driver_assigned', params: { driverName: 'Sam Reed' }, note: null });
    expect(updateText('en', 'mobile', update)).toBe('Driver assigned: Sam Reed');
    expect(updateText('en', 'pickup', { kind: 'status_changed', params: {}, message: null, status: 'picked_up' })).toBe('Vehicle Picked Up');
  });
});
