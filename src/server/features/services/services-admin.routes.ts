import { idempotent } from '../../http/idempotency';
import { idempotencyKeyHeader } from '../../../shared/schemas/checkout';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminService, savedService, serviceRequest } from '../../../shared/schemas/admin-services';
import { messageResponse } from '../../../shared/schemas/auth';
import { uuidParam } from '../../../shared/schemas/common';
import { AppError } from '../../errors';
import { requireAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import * as admin from './services-admin.service';

const tags = ['admin'];
const guard = requireAdmin;

/** Multipart parsing stays inside the upload route's scope, so no other route accepts file bodies. */
async function multipartBodies(scope: FastifyInstance) {
  await scope.register(multipart, { limits: { fileSize: admin.MAX_UPLOAD_BYTES, files: 1, fields: 0 } });
}

/** The admin's services page: list, create, edit, seed the catalogue, reset the admin password, upload images. */
export const servicesAdminRoutes = [
  defineRoute({ method: 'GET', url: '/api/admin/services', guard, schema: { tags, response: { 200: adminService.array() } } }, async (_request, _reply, ctx) =>
    admin.listServicesForAdmin(ctx),
  ),
  defineRoute({ method: 'POST', url: '/api/admin/services', guard, schema: { tags, headers: z.looseObject({ 'idempotency-key': idempotencyKeyHeader.optional() }), body: serviceRequest, response: { 201: savedService } } }, async (request, reply, ctx) =>
    reply.status(201).send(await idempotent(ctx, request, 'services', () => admin.createService(ctx, request.body))),
  ),
  defineRoute({ method: 'PUT', url: '/api/admin/services/:id', guard, schema: { tags, params: uuidParam, body: serviceRequest, response: { 200: savedService } } }, async (request, _reply, ctx) =>
    admin.updateService(ctx, request.params.id, request.body),
  ),
  defineRoute(
    { method: 'POST', url: '/api/admin/seed-services', guard, schema: { tags, response: { 200: z.object({ message: z.string(), added: z.number() }) } } },
    async (_request, _reply, ctx) => admin.seedServices(ctx),
  ),
  defineRoute({ method: 'POST', url: '/api/admin/reset-admin-password', guard, schema: { tags, response: { 200: messageResponse } } }, async (_request, _reply, ctx) =>
    admin.resetAdminPassword(ctx),
  ),

  defineRoute(
    {
      method: 'POST',
      url: '/api/admin/uploads',
      guard,
      scope: multipartBodies,
      schema: { tags, description: 'One image as multipart/form-data (PNG, JPEG, GIF or WebP, at most 2 MB).', response: { 201: z.object({ id: z.string(), url: z.string() }) } },
    },
    async (request, reply, ctx) => {
      if (!request.isMultipart()) throw new AppError('IMAGE_NOT_MULTIPART', 'Send the image as multipart/form-data');
      const file = await request.file();
      if (!file) throw new AppError('IMAGE_MISSING', 'Please choose an image to upload');
      const data = await file.toBuffer().catch(() => {
        throw new AppError('IMAGE_TOO_LARGE', 'The image must be at most 2 MB');
      });
      if (file.file.truncated) throw new AppError('IMAGE_TOO_LARGE', 'The image must be at most 2 MB');
      return reply.status(201).send(await admin.storeUpload(ctx, data));
    },
  ),

  defineRoute(
    {
      method: 'GET',
      url: '/api/uploads/:id',
      schema: { tags: ['services'], params: uuidParam, response: { 200: { description: 'The image bytes', content: { 'image/*': { schema: z.string().meta({ format: 'binary' }) } } } } },
    },
    async (request, reply, ctx) => {
      const upload = await admin.readUpload(ctx, request.params.id);
      // Uploads never change (a new image gets a new id), and are served as images only.
      return reply
        .header('content-type', upload.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(upload.data as never);
    },
  ),
] as const;
