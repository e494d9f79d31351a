import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { useSearch } from '@tanstack/react-router';
import { claimGuestBookingRequest, type ClaimGuestBookingRequest } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert } from '@web/components/ui/feedback';
import { TextField } from '@web/components/ui/input';
import { apiCall, errorMessage } from '@web/lib/api';
import { useSchemaForm } from '@web/lib/form';
import { useT } from '@web/lib/i18n';
import { currentUserKey } from '@web/lib/session';
import { DoneCard } from '../components/done-card';
import { authMessages } from '../messages';

/**
 * The e-mailed claim link's page: the account is created, the booking kept in it and its owner signed in
 * only when they choose a password here (the tracking link alone never does any of it).
 */
export function ClaimBookingPage() {
  const t = useT(authMessages);
  const queryClient = useQueryClient();
  const { token } = useSearch({ from: '/claim-booking' });
  const form = useSchemaForm<ClaimGuestBookingRequest>(claimGuestBookingRequest);
  const claim = useMutation({
    mutationFn: (input: ClaimGuestBookingRequest) => apiCall('POST /api/auth/claim-guest-booking', { body: input }),
    onSuccess: (result) => queryClient.setQueryData(currentUserKey, result.user),
  });

  if (claim.isSuccess) return <DoneCard testId="claim-done" title={t('claimDone')} to="/bookings" action={t('claimSeeBookings')} />;

  return (
    <Card className="mx-auto mt-6 max-w-md">
      <CardHeader>
        <CardTitle>{t('claimTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-3" {...form.formProps((values) => claim.mutate(values))}>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('claimHint')}</p>
          {!token && <Alert tone="error">{t('claimTokenMissing')}</Alert>}
          {claim.isError && <Alert tone="error">{errorMessage(claim.error, t('checkInfo'))}</Alert>}
          <input type="hidden" name="token" value={token ?? ''} />
          <TextField id="claim-password" label={t('newPassword')} type="password" autoComplete="new-password" name="password" error={form.errors.password} />
          <Button type="submit" disabled={claim.isPending || !token}>
            {claim.isPending ? t('creating') : t('claimAction')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
