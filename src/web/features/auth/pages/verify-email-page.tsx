import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { Loader2, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import type { VerifyEmailResponse } from '@shared/schemas/auth';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { api } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { DoneMark } from '../components/done-card';
import { authMessages } from '../messages';
import { currentUserKey } from '@web/lib/session';

export function VerifyEmailPage() {
  const t = useT(authMessages);
  const { token } = useSearch({ from: '/verify-email' });
  const queryClient = useQueryClient();
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => api.get<VerifyEmailResponse>(`/api/auth/verify-email?token=${encodeURIComponent(token!)}`),
    enabled: Boolean(token),
    retry: false,
  });
  const failed = !token || verification.isError;
  useEffect(() => {
    if (verification.isSuccess) void queryClient.invalidateQueries({ queryKey: currentUserKey });
    if (failed) toast.error(t('verifyFailed'), { description: t('verifyFailedText') });
  }, [verification.isSuccess, failed, queryClient, t]);

  return (
    <Card className="mx-auto mt-6 max-w-md">
      <CardContent className="flex flex-col items-center gap-4 p-6 text-center">
        {failed ? (
          <>
            <XCircle className="size-12 text-red-600" aria-hidden />
            <h1 className="text-xl font-semibold">{t('verifyFailed')}</h1>
            <p className="text-slate-600">{t('verifyFailedText')}</p>
            <Button asChild>
              <Link to="/auth">{t('backToSignIn')}</Link>
            </Button>
          </>
        ) : verification.isSuccess ? (
          <>
            {verification.data.alreadyVerified ? <DoneMark title={t('alreadyVerified')} text={t('alreadyVerifiedText')} /> : <DoneMark title={t('verified')} text={t('verifiedText')} />}
            <Button asChild>
              <Link to="/">{t('continueToApp')}</Link>
            </Button>
          </>
        ) : (
          <>
            <Loader2 className="size-12 animate-spin text-brand-700" aria-hidden />
            <h1 className="text-xl font-semibold">{t('verifying')}</h1>
          </>
        )}
      </CardContent>
    </Card>
  );
}
