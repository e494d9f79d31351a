import { formatMessage } from '@shared/message-format';
import { describe, expect, it } from 'vitest';
import { membershipActions, membershipStatusKey, resumeCharges } from './format';
import { accountMessages } from './messages';

const END = '2026-12-26T17:00:00.000Z';
const base = { status: 'active' as const, cancelAtPeriodEnd: false, currentPeriodEnd: END, unpaidPeriodId: null };

describe('a membership in the account', () => {
  it('names each status, a cancelled-but-paid one with the day it ends', () => {
    expect(membershipStatusKey(base)).toBe('memberActive');
    expect(membershipStatusKey({ ...base, status: 'paused' })).toBe('memberPaused');
    expect(membershipStatusKey({ ...base, status: 'past_due', unpaidPeriodId: 'p' })).toBe('memberPastDue');
    expect(membershipStatusKey({ ...base, status: 'canceled' })).toBe('memberCancelled');
    const ending = membershipStatusKey({ ...base, cancelAtPeriodEnd: true });
    expect(ending).toBe('memberEnding');
    expect(formatMessage(accountMessages.en[ending], { date: 'Dec 26, 2026' }, 'en')).toBe('Cancelled — ends on Dec 26, 2026');
    expect(formatMessage(accountMessages.en.memberPastDue, {}, 'en')).toBe('Payment due');
  });

  it('offers only the controls the server allows', () => {
    expect(membershipActions(base)).toEqual(['pause', 'cancel']);
    expect(membershipActions({ ...base, cancelAtPeriodEnd: true })).toEqual([]);
    expect(membershipActions({ ...base, status: 'paused' })).toEqual(['resume', 'cancel']);
    expect(membershipActions({ ...base, status: 'past_due', unpaidPeriodId: 'p' })).toEqual(['pay', 'cancel']);
    expect(membershipActions({ ...base, status: 'past_due' })).toEqual(['cancel']);
    expect(membershipActions({ ...base, status: 'canceled' })).toEqual([]);
  });

  it('asks before a resume that charges: only once the paid month is over', () => {
    expect(resumeCharges(base, new Date('2026-12-20T00:00:00Z'))).toBe(false);
    expect(resumeCharges(base, new Date(END))).toBe(true);
    expect(resumeCharges(base, new Date('2027-01-02T00:00:00Z'))).toBe(true);
  });

  it('counts the credits left in each language', () => {
    expect(formatMessage(accountMessages.en.memberCredits, { count: 1 }, 'en')).toBe('1 credit left');
    expect(formatMessage(accountMessages.es.memberCredits, { count: 2 }, 'es')).toBe('quedan 2 créditos');
    expect(formatMessage(accountMessages.fr.memberCredits, { count: 1 }, 'fr')).toBe('1 crédit restant');
  });
});
