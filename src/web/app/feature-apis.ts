/**
 * Loaders import a feature's query options lazily: a static import would pull the feature into the first
 * load of `/`. One import site per feature keeps the router's own chunk small (each site costs bytes).
 */
export const accountApi = () => import('@web/features/account/api');
export const adminApi = () => import('@web/features/admin/api');
export const bookingApi = () => import('@web/features/booking/api');
export const driverApi = () => import('@web/features/driver/api');
export const trackingApi = () => import('@web/features/tracking/api');
export const packagesApi = () => import('@web/features/packages/api');
export const adminWebhooksApi = () => import('@web/features/admin/webhooks-api');
export const adminMessagesApi = () => import('@web/features/admin/messages-api');
