import { useSchemaForm } from '@web/lib/form';
import { Link } from '@tanstack/react-router';
import { registerRequest, type RegisterRequest } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Alert } from '@web/components/ui/feedback';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { ApiError, errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { useRegister } from '../api';
import { authMessages } from '../messages';

export function RegisterForm() {
  const t = useT(authMessages);
  const register = useRegister();
  const form = useSchemaForm<RegisterRequest>(registerRequest);
  const error = register.error;
  const banner =
    error instanceof ApiError && error.code === 'EMAIL_TAKEN' ? t('alreadyRegistered') : error instanceof ApiError ? errorMessage(error, t('checkInfo')) : error ? t('checkInfo') : null;
  return (
    <form className="flex flex-col gap-3" {...form.formProps((values) => register.mutate(values))}>
      {banner && <Alert tone="error">{banner}</Alert>}
      <div className="flex flex-col gap-1">
        <Label htmlFor="register-name">{t('fullName')}</Label>
        <Input id="register-name" autoComplete="name" name="fullName" />
        <FieldError message={form.errors.fullName} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="register-email">{t('email')}</Label>
        <Input id="register-email" type="email" autoComplete="email" inputMode="email" name="email" />
        <FieldError message={form.errors.email} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="register-phone">{t('phone')}</Label>
        <Input id="register-phone" type="tel" autoComplete="tel" inputMode="tel" name="phone" />
        <FieldError message={form.errors.phone} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="register-password">{t('password')}</Label>
        <Input id="register-password" type="password" autoComplete="new-password" name="password" />
        <FieldError message={form.errors.password} />
      </div>
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? t('creating') : t('createAccount')}
      </Button>
      <Link to="/forgot-password" className="text-center text-sm text-brand-700 hover:underline">
        {t('forgot')}
      </Link>
    </form>
  );
}
