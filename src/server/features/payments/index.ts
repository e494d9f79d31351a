/**
 * The face of payments: Paying for a booking: intents, confirmation, the Stripe webhook.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { paymentsRoutes } from './payments.routes';
export { balanceJobs, chargeBalance, CHARGE_BALANCE_JOB } from './balance';

import { subscribe } from '../../events/booking-events';
import { balanceOnCompletion } from './balance';

// The balance after a deposit is charged when the job is completed (decision 057).
subscribe(balanceOnCompletion);
