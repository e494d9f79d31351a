import { useEffect } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/feedback';
import { usePublicConfig } from '@web/lib/public-config';
import { useT } from '@web/lib/i18n';
import { bookingMessages } from '../messages';

/** /test-booking: hands the browser to the server path that creates a paid test booking (never in production). */
export function TestBookingPage() {
  const t = useT(bookingMessages);
  const config = usePublicConfig();
  useEffect(() => {
    if (config && !config.isProduction) window.location.replace('/api/create-test-booking-redirect');
  }, [config]);
  if (config?.isProduction) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{t('testBookingTitle')}</CardTitle>
        </CardHeader>
        <CardContent>{t('testBookingUnavailable')}</CardContent>
      </Card>
    );
  }
  return <Spinner label={t('testBookingRedirecting')} />;
}
