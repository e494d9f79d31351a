/**
 * The face of messages: what Glint tells a customer about a booking — reminders, on my way, the review
 * request, the payment reminder and the driver's message — on e-mail and SMS, the signed links they carry
 * (Manage booking, one-tap rating) and inbound STOP/START (docs/decisions/050-customer-messages.md).
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/boss';
import { subscribe } from '../../events/booking-events';
import { customerMessagesSubscriber } from './schedule';
import { SEND_MESSAGES_JOB, sendDueMessages } from './send';
import { checkWeather, WEATHER_CHECK_JOB } from './weather.service';

export { messagesRoutes } from './messages.routes';
export { sendDueMessages } from './send';
export { forgetSmsConsent, pruneMessages } from './messages.repository';
export { checkWeather } from './weather.service';
export { pruneShortLinks } from './short-links';
export { weatherFlags } from './weather.repository';

/**
 * Every minute, on every worker: what came due on the app's clock (the rows survive any restart). Hourly at
 * minute 17, one instance at a time: the forecast for outdoor jobs 36–48 h ahead, and rain offers (issue 26).
 */
export function messageJobs(ctx: AppContext): JobDefinition[] {
  return [
    { name: SEND_MESSAGES_JOB, handler: async () => void (await sendDueMessages(ctx)), cron: '* * * * *' },
    { name: WEATHER_CHECK_JOB, handler: async () => void (await checkWeather(ctx)), cron: '17 * * * *', queue: { policy: 'singleton' } },
  ];
}

// The schedule follows the booking's events. The route registry and the job list load this face, so every
// app and every worker subscribes before it writes or delivers an event.
subscribe(customerMessagesSubscriber);
