import { z } from 'zod';
import { pageOf, uuidParam } from '../../../shared/schemas/common';
import {
  adminPackageView,
  adminPaymentRequest,
  assignPackageRequest,
  confirmPurchaseRequest,
  ledgerEntryView,
  packagePaymentResponse,
  packageRequest,
  packageView,
  purchasePackageRequest,
  purchasesQuery,
  purchaseView,
  refundPurchaseResponse,
  userPackageView,
  useServiceRequest,
} from '../../../shared/schemas/packages';
import { currentUser, requireAdmin, requireUser } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import * as catalogue from './catalogue.service';
import * as payments from './purchase-payments.service';
import * as purchases from './purchases.service';
import * as refunds from './refunds.service';

const tags = ['packages'];
const guard = requireAdmin;
const purchaseIdParam = z.object({ purchaseId: z.uuid({ error: 'Not a valid id' }) });

/** The admin's packages and purchases, the credits' ledger, refund and checkout's question (docs/decisions/013-package-credits.md). */
export const packagesRoutes = [
  defineRoute({ method: 'GET', url: '/api/admin/packages', guard, schema: { tags, response: { 200: adminPackageView.array() } } }, async (_request, _reply, ctx) =>
    catalogue.listPackagesForAdmin(ctx),
  ),
  defineRoute({ method: 'POST', url: '/api/admin/packages', guard, schema: { tags, body: packageRequest, response: { 201: adminPackageView } } }, async (request, reply, ctx) =>
    reply.status(201).send(await catalogue.createPackage(ctx, request.body)),
  ),
  defineRoute({ method: 'PUT', url: '/api/admin/packages/:id', guard, schema: { tags, params: uuidParam, body: packageRequest, response: { 200: adminPackageView } } }, async (request, _reply, ctx) =>
    catalogue.updatePackage(ctx, request.params.id, request.body),
  ),
  defineRoute(
    { method: 'DELETE', url: '/api/admin/packages/:id', guard, schema: { tags, params: uuidParam, response: { 200: z.object({ message: z.string(), deactivated: z.boolean() }) } } },
    async (request, _reply, ctx) => catalogue.deletePackage(ctx, request.params.id),
  ),

  defineRoute({ method: 'GET', url: '/api/admin/package-purchases', guard, schema: { tags, querystring: purchasesQuery, response: { 200: pageOf(purchaseView) } } }, async (request, _reply, ctx) =>
    purchases.listPurchases(ctx, request.query),
  ),
  defineRoute({ method: 'POST', url: '/api/admin/package-purchases', guard, schema: { tags, body: assignPackageRequest, response: { 201: purchaseView } } }, async (request, reply, ctx) =>
    reply.status(201).send(await purchases.assignPackage(ctx, currentUser(request), request.body)),
  ),
  defineRoute(
    { method: 'POST', url: '/api/admin/package-purchases/payment', guard, schema: { tags, body: adminPaymentRequest, response: { 200: packagePaymentResponse } } },
    async (request, _reply, ctx) => payments.createAdminPayment(ctx, currentUser(request), request.body),
  ),
  defineRoute(
    { method: 'POST', url: '/api/admin/package-purchases/:purchaseId/use', guard, schema: { tags, params: purchaseIdParam, body: useServiceRequest, response: { 200: purchaseView } } },
    async (request, _reply, ctx) => purchases.markServiceUsed(ctx, currentUser(request), request.params.purchaseId, request.body.notes),
  ),
  defineRoute(
    { method: 'POST', url: '/api/admin/package-purchases/:purchaseId/refund', guard, schema: { tags, params: purchaseIdParam, response: { 200: refundPurchaseResponse } } },
    async (request, _reply, ctx) => refunds.refundPurchase(ctx, currentUser(request), request.params.purchaseId),
  ),
  defineRoute(
    { method: 'GET', url: '/api/admin/package-purchases/:purchaseId/ledger', guard, schema: { tags, params: purchaseIdParam, response: { 200: ledgerEntryView.array() } } },
    async (request, _reply, ctx) => purchases.purchaseLedger(ctx, request.params.purchaseId),
  ),

  defineRoute({ method: 'GET', url: '/api/packages', schema: { tags, response: { 200: packageView.array() } } }, async (_request, _reply, ctx) => catalogue.listStore(ctx)),
  defineRoute(
    { method: 'POST', url: '/api/packages/purchase', guard: requireUser, schema: { tags, body: purchasePackageRequest, response: { 200: packagePaymentResponse } } },
    async (request, _reply, ctx) => payments.startPurchase(ctx, currentUser(request), request.body),
  ),
  defineRoute(
    { method: 'POST', url: '/api/packages/confirm-purchase', guard: requireUser, schema: { tags, body: confirmPurchaseRequest, response: { 200: purchaseView } } },
    async (request, _reply, ctx) => payments.confirmPurchase(ctx, currentUser(request), request.body.paymentIntentId),
  ),
  defineRoute({ method: 'GET', url: '/api/user/packages', guard: requireUser, schema: { tags, response: { 200: userPackageView.array() } } }, async (request, _reply, ctx) =>
    purchases.listMine(ctx, currentUser(request)),
  ),
  defineRoute(
    {
      method: 'GET',
      url: '/api/user/packages/usable',
      guard: requireUser,
      schema: { tags, querystring: z.object({ serviceId: z.uuid({ error: 'Not a valid service id' }) }), response: { 200: userPackageView.array() } },
    },
    async (request, _reply, ctx) => purchases.usableFor(ctx, currentUser(request), request.query.serviceId),
  ),
] as const;
