import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DAMAGE_ZONES, INSPECTION_PHOTO_MAX_BYTES, MAX_DAMAGE_PHOTOS, REQUIRED_PHOTO_SLOTS } from '../../../shared/inspections';
import { uuidParam } from '../../../shared/schemas/common';
import { bookingInspections, inspectionConcernRequest, inspectionConcernView, inspectionPhotoParams, inspectionView } from '../../../shared/schemas/inspections';
import { idempotencyKeyHeader } from '../../../shared/schemas/checkout';
import { AppError } from '../../errors';
import { currentUser, requireDriverOrAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import { idempotent } from '../../http/idempotency';
import * as inspections from './inspections.service';

const tags = ['inspections'];

/** The tracking link's token: the X-Tracking-Token header, or ?token= (an <img> cannot send a header). */
const tokenInput = {
  querystring: z.object({ token: z.string().max(200, { error: 'Invalid tracking token' }).optional() }),
  headers: z.looseObject({ 'x-tracking-token': z.string().max(200, { error: 'Invalid tracking token' }).optional() }),
};

function viewerOf(request: FastifyRequest & { headers: { 'x-tracking-token'?: string }; query: { token?: string } }): inspections.Viewer {
  return { user: request.session?.user, token: request.headers['x-tracking-token'] || request.query.token || undefined };
}

/** Multipart only on the upload route: each image ≤ 10 MB, the six photos, damage photos, the signature and one data part. */
async function inspectionBodies(scope: FastifyInstance) {
  await scope.register(multipart, {
    limits: { fileSize: INSPECTION_PHOTO_MAX_BYTES, files: REQUIRED_PHOTO_SLOTS.length + MAX_DAMAGE_PHOTOS + 1, fields: 1, fieldSize: 64 * 1024, parts: REQUIRED_PHOTO_SLOTS.length + MAX_DAMAGE_PHOTOS + 2 },
  });
}

/** The multipart stream as the service's parts: a file is read (and its size limit seen) only when the service asks. */
async function* partsOf(request: FastifyRequest): AsyncIterable<inspections.UploadPart> {
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      yield { kind: 'field', field: part.fieldname, value: typeof part.value === 'string' ? part.value : String(part.value) };
    } else {
      yield {
        kind: 'file',
        field: part.fieldname,
        read: async () => {
          try {
            const data = await part.toBuffer();
            return { data, truncated: part.file.truncated };
          } catch (error) {
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { data: Buffer.alloc(0), truncated: true };
            throw error;
          }
        },
      };
    }
  }
}

const uploadDescription = [
  'multipart/form-data, in this order: `data` (JSON: phase, odometer, fuelEighths 0–8, damage [{zone, note}], customerNotPresent, correctsId?, position?),',
  `then the six photos ${REQUIRED_PHOTO_SLOTS.map((slot) => `\`photo.${slot}\``).join(', ')},`,
  `any damage photos \`damage.<zone>\` (zones: ${DAMAGE_ZONES.join(', ')}) and \`signature\` unless customerNotPresent.`,
  'JPEG, PNG or WebP by their bytes, at most 10 MB each. A record is final once written; a correction is a new record naming correctsId.',
].join(' ');

/** Chain of custody for pickup jobs (decision 048). */
export const inspectionRoutes = [
  defineRoute(
    {
      method: 'POST',
      url: '/api/driver/bookings/:id/inspections',
      guard: requireDriverOrAdmin,
      scope: inspectionBodies,
      schema: { tags, params: uuidParam, description: uploadDescription, response: { 201: inspectionView } },
    },
    async (request, reply, ctx) => {
      if (!request.isMultipart()) throw new AppError('INSPECTION_NOT_MULTIPART', 'Send the inspection as multipart/form-data');
      return reply.status(201).send(await inspections.recordInspection(ctx, currentUser(request), request.params.id, partsOf(request)));
    },
  ),

  defineRoute({ method: 'GET', url: '/api/driver/bookings/:id/inspections', schema: { tags, params: uuidParam, ...tokenInput, response: { 200: bookingInspections } } }, async (request, reply, ctx) => {
    reply.header('cache-control', 'no-store');
    return inspections.getInspections(ctx, request.params.id, viewerOf(request));
  }),

  defineRoute(
    {
      method: 'GET',
      url: '/api/driver/bookings/:id/inspections/photos/:photoId',
      schema: { tags, params: inspectionPhotoParams, ...tokenInput, response: { 200: { description: 'The image bytes', content: { 'image/*': { schema: z.string().meta({ format: 'binary' }) } } } } },
    },
    async (request, reply, ctx) => {
      const photo = await inspections.readInspectionPhoto(ctx, request.params.id, request.params.photoId, viewerOf(request));
      // A photo never changes (its SHA-256 is on record), but only those allowed may see it: private cache only.
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('etag', `"${photo.sha256}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(photo.data as never);
    },
  ),

  defineRoute(
    {
      method: 'POST',
      url: '/api/driver/bookings/:id/inspections/concerns',
      schema: { tags, params: uuidParam, querystring: tokenInput.querystring, headers: tokenInput.headers.extend({ 'idempotency-key': idempotencyKeyHeader.optional() }), body: inspectionConcernRequest, response: { 201: inspectionConcernView } },
    },
    async (request, reply, ctx) =>
      reply.status(201).send(await idempotent(ctx, request, `inspection-concern:${request.params.id}`, () => inspections.flagConcern(ctx, request.params.id, viewerOf(request), request.body))),
  ),
] as const;
