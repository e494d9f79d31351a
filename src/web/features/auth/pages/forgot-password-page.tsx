import { schemaResolver } from '@web/lib/form';
import { useMutation } from '@web/lib/mutation';
import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import { forgotPasswordRequest, type ForgotPasswordRequest } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { TextField } from '@web/components/ui/input';
import { api, errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { authMessages } from '../messages';

export function ForgotPasswordPage() {
  const t = useT(authMessages);
  const form = useForm<ForgotPasswordRequest>({ resolver: schemaResolver(forgotPasswordRequest), defaultValues: { email: '' } });
  const send = useMutation({
    mutationFn: (input: ForgotPasswordRequest) => api.post<{ message: string }>('/api/auth/forgot-password', input),
    onError: (error) => toast.error(t('failedToSend'), { description: errorMessage(error, t('checkInfo')) }),
  });

  if (send.isSuccess) {
    return (
      <Card className="mx-auto mt-6 max-w-md">
        <CardContent className="flex flex-col items-center gap-4 p-6 text-center">
          <MailCheck className="size-12 text-brand-700" aria-hidden />
          <h1 className="text-xl font-semibold">{t('checkEmail')}</h1>
          <p className="text-slate-600">{t('forgotSent')} {t('linkValidHour')}</p>
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => send.reset()}>
              {t('tryAgain')}
            </Button>
            <Button asChild>
              <Link to="/auth">{t('backToLogin')}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card className="mx-auto mt-6 max-w-md">
      <CardHeader>
        <CardTitle>{t('forgotTitle')}</CardTitle>
        <p className="text-sm text-slate-500">{t('forgotHint')}</p>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-3" noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))}>
          <TextField id="forgot-email" label={t('email')} type="email" autoComplete="email" {...form.register('email')} error={form.formState.errors.email?.message} />
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('sending') : t('sendResetLink')}
          </Button>
          <Link to="/auth" className="text-center text-sm text-brand-700 hover:underline">
            {t('backToLogin')}
          </Link>
        </form>
      </CardContent>
    </Card>
  );
}
