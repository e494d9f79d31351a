import { Clock, Mail, MessageCircle, Phone, PhoneCall } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { telHref, usePublicConfig } from '@web/lib/public-config';
import { useCurrentUser } from '@web/lib/session';
import { useT } from '@web/lib/i18n';
import { PageHeader } from '../components/signed-in';
import { accountMessages } from '../messages';
import { usePolicyText } from '@web/components/policy/cancellation-policy';

const FAQ = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** Help: contact block, the eight-question FAQ, the emergency call button and the policies. Open to guests too. */
export function HelpPage() {
  const t = useT(accountMessages);
  const config = usePublicConfig();
  const { user } = useCurrentUser();
  const phone = config?.businessPhone ?? '';
  // The cancellation policy as the business set it (decision 057), not a sentence fixed in the catalog.
  const policy = usePolicyText() ?? '';
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('helpTitle')} back={user ? '/account' : '/'} backLabel={t('back')} />
      <Card>
        <CardHeader>
          <CardTitle>{t('contactUs')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <a href={telHref(phone)} className="flex items-center gap-3">
            <Phone className="size-5 text-brand-700" aria-hidden />
            <span>
              <span className="block font-medium">{t('callUs')}</span>
              <span className="text-slate-500">{phone}</span>
            </span>
          </a>
          <a href={`mailto:${config?.businessEmail ?? ''}`} className="flex items-center gap-3">
            <Mail className="size-5 text-brand-700" aria-hidden />
            <span>
              <span className="block font-medium">{t('emailUs')}</span>
              <span className="text-slate-500">{config?.businessEmail}</span>
            </span>
          </a>
          <a href={`sms:${phone.replace(/[^\d+]/g, '')}`} className="flex items-center gap-3">
            <MessageCircle className="size-5 text-brand-700" aria-hidden />
            <span>
              <span className="block font-medium">{t('liveChat')}</span>
              <span className="text-slate-500">{t('liveChatHint')}</span>
            </span>
          </a>
          <p className="flex items-center gap-3">
            <Clock className="size-5 text-brand-700" aria-hidden />
            <span>{t('supportHours')}</span>
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('faqTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
          {FAQ.map((n) => (
            <details key={n} className="group py-3">
              <summary className="cursor-pointer list-none font-medium marker:hidden after:float-right after:content-['+'] group-open:after:content-['−']">
                {t(`faq${n}q`)}
              </summary>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(`faq${n}a`, { phone, policy })}</p>
            </details>
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('policiesTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex list-disc flex-col gap-2 pl-5 text-sm">
            <li data-testid="help-cancel-policy">{t('policyCancel', { policy })}</li>
            <li>{t('policySatisfaction')}</li>
            <li>{t('policyEmail')}</li>
          </ul>
        </CardContent>
      </Card>

      <Button asChild variant="destructive" size="lg">
        <a href={telHref(phone)}>
          <PhoneCall aria-hidden /> {t('emergencyCall')}
        </a>
      </Button>
    </div>
  );
}
