import { MessageSquare, Phone } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert } from '@web/components/ui/feedback';
import { telHref, usePublicConfig } from '@web/lib/public-config';
import { useT } from '@web/lib/i18n';
import { trackingMessages } from '../messages';

/** In-app chat is not built; the Message button says so and offers the real ways to reach us now. */
export function MessageDialog({ open, onOpenChange, driverPhone }: { open: boolean; onOpenChange(open: boolean): void; driverPhone: string | null }) {
  const t = useT(trackingMessages);
  const config = usePublicConfig();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('message')}>
        <div className="flex flex-col gap-3">
          <Alert tone="info">{t('messageComingSoon')}</Alert>
          {config?.businessPhone && (
            <Button asChild variant="outline">
              <a href={telHref(config.businessPhone)}>
                <Phone aria-hidden /> {t('callBusiness', { name: config.businessName })}
              </a>
            </Button>
          )}
          {driverPhone && (
            <>
              <Button asChild variant="outline">
                <a href={telHref(driverPhone)}>
                  <Phone aria-hidden /> {t('callDriver')}
                </a>
              </Button>
              <Button asChild variant="outline">
                <a href={`sms:${driverPhone.replace(/[^\d+]/g, '')}`}>
                  <MessageSquare aria-hidden /> {t('textDriver')}
                </a>
              </Button>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
