import type { AdminService, SavedService } from '../../../shared/schemas/admin-services';
import { serviceRequest } from '../../../shared/schemas/admin-services';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { seedCatalogue } from '../../db/seed';
import { AppError } from '../../errors';
import { sanitizeHtml } from '../../http/sanitize';
import { sendResetMail } from '../auth';
import * as repo from './services-admin.repository';
import { storedSizePrices } from './size-prices';
import { sanitizedTranslations } from './translations';

type ServiceInput = z.output<typeof serviceRequest>;

export const listServicesForAdmin = (ctx: AppContext): Promise<AdminService[]> => repo.listAllServices(ctx.db);

/** Descriptions keep only safe HTML (sanitizeHtml) whatever the client sent. */
function toValues(input: ServiceInput): repo.ServiceValues {
  const description = sanitizeHtml(input.description);
  if (!description) throw new AppError('SERVICE_FIELDS_MISSING', 'Please fill in all required fields');
  return {
    name: input.name,
    description,
    price: input.price,
    serviceFee: input.serviceFee,
    duration: input.duration,
    imageUrl: input.imageUrl,
    isActive: input.isActive,
    locationOptions: input.locationOptions,
    sizePrices: storedSizePrices(input.sizePrices),
    translations: sanitizedTranslations(input.translations),
    deposit: input.deposit,
  };
}

/** The catalogue changes: this instance reads it uncached until its NOTIFY lands (decision 018). */
function catalogueChanging(ctx: AppContext): void {
  ctx.caches.services.touch(null);
  ctx.caches.serviceFacts.touch(null);
}

/** Whether the sanitiser changed what the owner typed: the answer says so and the page tells them. */
const sanitizedFrom = (input: ServiceInput, values: repo.ServiceValues) => values.description !== input.description.trim();

export async function createService(ctx: AppContext, input: ServiceInput): Promise<SavedService> {
  catalogueChanging(ctx);
  const values = toValues(input);
  return { ...(await repo.insertService(ctx.db, values)), sanitized: sanitizedFrom(input, values) };
}

export async function updateService(ctx: AppContext, id: string, input: ServiceInput): Promise<SavedService> {
  catalogueChanging(ctx);
  const values = toValues(input);
  const updated = await repo.updateService(ctx.db, id, { ...values, updatedAt: ctx.now() });
  if (!updated) throw new AppError('SERVICE_NOT_FOUND', 'Service not found');
  return { ...updated, sanitized: sanitizedFrom(input, values) };
}

/** Adds the standard catalogue services that are missing (by slug): running it twice adds nothing. */
export async function seedServices(ctx: AppContext): Promise<{ message: string; added: number }> {
  catalogueChanging(ctx);
  const added = await seedCatalogue(ctx.db);
  return { added, message: added ? `Added ${added} standard service${added === 1 ? '' : 's'}` : 'All standard services are already there' };
}

/** E-mails a reset link to ADMIN_EMAIL; never sets or reveals a password. */
export async function resetAdminPassword(ctx: AppContext): Promise<{ message: string }> {
  const admin = await repo.findUserByEmail(ctx.db, ctx.config.adminEmail);
  if (!admin) throw new AppError('ADMIN_ACCOUNT_MISSING', 'The admin account does not exist');
  await sendResetMail(ctx, admin);
  return { message: `A password reset link was sent to ${admin.email}` };
}

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** Only real images, recognised by their first bytes (the declared type is not trusted). */
export function sniffImageType(data: Buffer): string | undefined {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

export async function storeUpload(ctx: AppContext, data: Buffer): Promise<{ id: string; url: string }> {
  const contentType = sniffImageType(data);
  if (!contentType) throw new AppError('IMAGE_TYPE_UNSUPPORTED', 'Please upload a PNG, JPEG, GIF or WebP image');
  const id = await repo.insertUpload(ctx.db, contentType, data);
  return { id, url: `/api/uploads/${id}` };
}

export async function readUpload(ctx: AppContext, id: string) {
  const upload = await repo.findUpload(ctx.db, id);
  if (!upload) throw new AppError('IMAGE_NOT_FOUND', 'Image not found');
  return upload;
}
