import { useSchemaForm } from '@web/lib/form';
import { Link } from '@tanstack/react-router';
import { registerRequest, type RegisterRequest } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Alert } from '@web/components/ui/feedback';
import { TextField } from '@web/components/ui/input';
import { ApiError, errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { useRegister } from '../api';
import { authMessages } from '../messages';

export function RegisterForm() {
  const t = useT(authMessages);
  const register = useRegister();
  const form = useSchemaForm<RegisterRequest>(registerRequest);
  const error = register.error;
  const banner = error instanceof ApiError ? errorMessage(error, t('checkInfo')) : error ? t('checkInfo') : null;
  // Registered but not signed in: the address already had an account, whose owner was e-mailed.
  const checkEmail = register.isSuccess && !register.data.user;
  return (
    <form className="flex flex-col gap-3" {...form.formProps((values) => register.mutate(values))}>
      {banner && <Alert tone="error">{banner}</Alert>}
      {checkEmail && <Alert tone="info">{t('registeredCheckEmail')}</Alert>}
      <TextField id="register-name" label={t('fullName')} autoComplete="name" name="fullName" error={form.errors.fullName} />
      <TextField id="register-email" label={t('email')} type="email" autoComplete="email" inputMode="email" name="email" error={form.errors.email} />
      <TextField id="register-phone" label={t('phone')} type="tel" autoComplete="tel" inputMode="tel" name="phone" error={form.errors.phone} />
      <TextField id="register-password" label={t('password')} type="password" autoComplete="new-password" name="password" error={form.errors.password} />
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? t('creating') : t('createAccount')}
      </Button>
      <Link to="/forgot-password" className="text-center text-sm text-brand-700 hover:underline">
        {t('forgot')}
      </Link>
    </form>
  );
}
