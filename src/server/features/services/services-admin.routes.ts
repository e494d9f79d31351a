import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { serviceRequest } from '../../../shared/schemas/admin';
import { uuidParam } from '../../../shared/schemas/common';
import type { AppContext } from '../../context';
import { AppError, parse } from '../../errors';
import { requireAdmin } from '../../http/auth-hooks';
import * as admin from './services-admin.service';

/** The admin's services page: list, create, edit, seed the catalogue, reset the admin password, upload images. */
export async function servicesAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const guard = { preHandler: requireAdmin };

  app.get('/api/admin/services', guard, async () => admin.listServicesForAdmin(ctx));
  app.post('/api/admin/services', guard, async (request, reply) => reply.status(201).send(await admin.createService(ctx, parse(serviceRequest, request.body))));
  app.put('/api/admin/services/:id', guard, async (request) => {
    const { id } = parse(uuidParam, request.params);
    return admin.updateService(ctx, id, parse(serviceRequest, request.body));
  });
  app.post('/api/admin/seed-services', guard, async () => admin.seedServices(ctx));
  app.post('/api/admin/reset-admin-password', guard, async () => admin.resetAdminPassword(ctx));

  // Multipart parsing stays inside this scope, so no other route accepts file bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: admin.MAX_UPLOAD_BYTES, files: 1, fields: 0 } });
    scope.post('/api/admin/uploads', guard, async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'Send the image as multipart/form-data');
      const file = await request.file();
      if (!file) throw new AppError('BAD_REQUEST', 'Please choose an image to upload');
      const data = await file.toBuffer().catch(() => {
        throw new AppError('BAD_REQUEST', 'The image must be at most 2 MB');
      });
      if (file.file.truncated) throw new AppError('BAD_REQUEST', 'The image must be at most 2 MB');
      return reply.status(201).send(await admin.storeUpload(ctx, data));
    });
  });

  app.get('/api/uploads/:id', async (request, reply) => {
    const { id } = parse(uuidParam, request.params);
    const upload = await admin.readUpload(ctx, id);
    // Uploads never change (a new image gets a new id), and are served as images only.
    return reply
      .header('content-type', upload.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(upload.data);
  });
}
