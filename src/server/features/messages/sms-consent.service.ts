import { normaliseUsPhone } from '../../../shared/contact';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { verifyTwilioSignature } from '../../integrations/sms/sms';
import { setOptedOut } from './messages.repository';

/** Twilio's opt-out and opt-in keywords (its Advanced Opt-Out defaults). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP', 'OPTIN']);

export const TWILIO_WEBHOOK_PATH = '/api/webhooks/twilio';

/**
 * POST /api/webhooks/twilio — an inbound text. Signed by Twilio with the auth token over the URL it called
 * (PUBLIC_URL + the path) and the form's parameters; a request that fails the check changes nothing. STOP
 * turns the number's texts off, START on again (decision 050); any other text is ignored.
 */
export async function receiveInboundSms(ctx: AppContext, params: Record<string, string>, signature: string | undefined): Promise<'opted_out' | 'opted_in' | 'ignored'> {
  const twilio = ctx.config.twilio;
  if (!twilio) throw new AppError('SMS_NOT_CONFIGURED', 'Text messages are not set up on this server');
  if (!verifyTwilioSignature(twilio.authToken, `${ctx.config.publicUrl}${TWILIO_WEBHOOK_PATH}`, params, signature)) {
    throw new AppError('SMS_WEBHOOK_UNVERIFIED', 'The Twilio signature is missing or wrong');
  }
  const phone = normaliseUsPhone(params.From ?? '');
  const word = (params.Body ?? '').trim().toUpperCase();
  if (!phone) return 'ignored';
  if (STOP_WORDS.has(word)) {
    await setOptedOut(ctx.db, phone, true, ctx.now());
    return 'opted_out';
  }
  if (START_WORDS.has(word)) {
    await setOptedOut(ctx.db, phone, false, ctx.now());
    return 'opted_in';
  }
  return 'ignored';
}
