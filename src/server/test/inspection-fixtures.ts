import { REQUIRED_PHOTO_SLOTS } from '../../shared/inspections';
import type { TestApp } from './harness';

/** Images by their first bytes only: the server types uploads by their bytes. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a small jpeg body')]);
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a signature')]);
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 interior')]);

export type Part = { name: string; value: string } | { name: string; file: Buffer; type?: string };

/** A multipart body as a phone's browser sends it. */
export function multipart(parts: Part[]) {
  const boundary = '----glint-inspection-boundary';
  const chunks = parts.flatMap((part) =>
    'file' in part
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.name}.jpg"\r\nContent-Type: ${part.type ?? 'image/jpeg'}\r\n\r\n`), part.file, Buffer.from('\r\n')]
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)],
  );
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const sixPhotos = (): Part[] => REQUIRED_PHOTO_SLOTS.map((slot) => ({ name: `photo.${slot}`, file: slot === 'interior' ? WEBP : JPEG }));
export const inspectionData = (overrides: Record<string, unknown> = {}): Part => ({
  name: 'data',
  value: JSON.stringify({ phase: 'pickup', odometer: 48211, fuelEighths: 5, damage: [], customerNotPresent: false, ...overrides }),
});

/** POST /api/driver/bookings/:id/inspections as `cookie`. */
export function postInspection(t: TestApp, bookingId: string, parts: Part[], cookie: string) {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: `/api/driver/bookings/${bookingId}/inspections`, headers: { cookie, 'content-type': body.contentType }, payload: body.payload });
}
