import { schemaResolver } from '@web/lib/form';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { loginRequest, registerRequest, type LoginRequest, type RegisterRequest } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Alert } from '@web/components/ui/feedback';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ApiError } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { useLogin, useRegister } from '../api';
import { authMessages } from '../messages';

export function SignInForm() {
  const t = useT(authMessages);
  const login = useLogin();
  const form = useForm<LoginRequest>({ resolver: schemaResolver(loginRequest), defaultValues: { email: '', password: '' } });
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
      <div className="flex flex-col gap-1">
        <Label htmlFor="signin-email">{t('email')}</Label>
        <Input id="signin-email" type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
        <FieldError message={form.formState.errors.email?.message} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="signin-password">{t('password')}</Label>
        <Input id="signin-password" type="password" autoComplete="current-password" {...form.register('password')} />
        <FieldError message={form.formState.errors.password?.message} />
      </div>
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? t('signingIn') : t('signIn')}
      </Button>
      <Link to="/forgot-password" className="text-center text-sm text-brand-700 hover:underline">
        {t('forgot')}
      </Link>
    </form>
  );
}

export function RegisterForm() {
  const t = useT(authMessages);
  const register = useRegister();
  const form = useForm<RegisterRequest>({
    resolver: schemaResolver(registerRequest),
    defaultValues: { fullName: '', email: '', phone: '', password: '' },
  });
  const error = register.error;
  const banner =
    error instanceof ApiError && error.serverMessage.includes('Email already registered')
      ? t('alreadyRegistered')
      : error
        ? error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : t('checkInfo')
        : null;
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={form.handleSubmit((values) => register.mutate(values))}>
      {banner && <Alert tone="error">{banner}</Alert>}
      <div className="flex flex-col gap-1">
        <Label htmlFor="register-name">{t('fullName')}</Label>
        <Input id="register-name" autoComplete="name" {...form.register('fullName')} />
        <FieldError message={form.formState.errors.fullName?.message} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="register-email">{t('email')}</Label>
        <Input id="register-email" type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
        <FieldError message={form.formState.errors.email?.message} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="register-phone">{t('phone')}</Label>
        <Input id="register-phone" type="tel" autoComplete="tel" inputMode="tel" {...form.register('phone')} />
        <FieldError message={form.formState.errors.phone?.message} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="register-password">{t('password')}</Label>
        <Input id="register-password" type="password" autoComplete="new-password" {...form.register('password')} />
        <FieldError message={form.formState.errors.password?.message} />
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

/** Sign In and Create Account tabs, used on the signed-out home and on /auth. */
export function AuthTabs({ defaultTab = 'signin' }: { defaultTab?: 'signin' | 'register' }) {
  const t = useT(authMessages);
  return (
    <Tabs defaultValue={defaultTab}>
      <TabsList>
        <TabsTrigger value="signin">{t('signIn')}</TabsTrigger>
        <TabsTrigger value="register">{t('createAccount')}</TabsTrigger>
      </TabsList>
      <TabsContent value="signin">
        <SignInForm />
      </TabsContent>
      <TabsContent value="register">
        <RegisterForm />
      </TabsContent>
    </Tabs>
  );
}
