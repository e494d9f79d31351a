import { INSPECTION_PHOTO_MAX_SIDE } from '@shared/inspections';

/** The size a photo is drawn at: its longest side at most `max`, never enlarged. */
export function fittedSize(width: number, height: number, max = INSPECTION_PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A camera photo made small on the phone before it is sent: drawn on a canvas at ≤ 1600 px and encoded as
 * JPEG, so an upload over a mobile connection is a few hundred kB, not 8 MB. A file the browser cannot decode
 * is sent as it is (the server then says whether it takes it).
 */
export async function resizePhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const { width, height } = fittedSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return file;
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  return blob ?? file;
}
