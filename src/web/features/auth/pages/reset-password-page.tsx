import { schemaResolver } from '@web/lib/form';
import { useMutation } from '@web/lib/mutation';
import { useSearch } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import { resetPasswordRequest, type ResetPasswordRequest } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert } from '@web/components/ui/feedback';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { api } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { DoneCard } from '../components/done-card';
import { authMessages } from '../messages';

export function ResetPasswordPage() {
  const t = useT(authMessages);
  const { token } = useSearch({ from: '/reset-password' });
  const form = useForm<ResetPasswordRequest>({ resolver: schemaResolver(resetPasswordRequest), defaultValues: { token: token ?? '', newPassword: '' } });
  const reset = useMutation({
    mutationFn: (input: ResetPasswordRequest) => api.post<{ message: string }>('/api/auth/reset-password', input),
    onError: () => toast.error(t('resetFailed'), { description: t('resetFailedText') }),
  });

  if (reset.isSuccess) return <DoneCard title={t('passwordUpdated')} text={t('resetDone')} to="/auth" action={t('signIn')} />;

  return (
    <Card className="mx-auto mt-6 max-w-md">
      <CardHeader>
        <CardTitle>{t('chooseNewPassword')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-3" noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))}>
          {!token && <Alert tone="error">{t('tokenMissing')}</Alert>}
          <FieldError message={form.formState.errors.token?.message} />
          <div className="flex flex-col gap-1">
            <Label htmlFor="new-password">{t('newPassword')}</Label>
            <Input id="new-password" type="password" autoComplete="new-password" {...form.register('newPassword')} />
            <FieldError message={form.formState.errors.newPassword?.message} />
          </div>
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? t('saving') : t('resetPassword')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
