import { useSchemaForm } from '@web/lib/form';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { LoginRequest } from '@shared/schemas/sign-in';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/feedback';
import { TextField } from '@web/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useT } from '@web/lib/i18n';
import { useLogin } from '../api';
import { authMessages } from '../messages';

// Create Account brings the phone rules (libphonenumber, ~10 KB compressed): its own chunk, fetched when the
// visitor reaches for the tab (pointer down, focus) so that it is there by the time the tab opens.
let registerForm: Promise<typeof import('./register-form')> | undefined;
const loadRegisterForm = () => (registerForm ??= import('./register-form'));
const RegisterForm = lazy(() => loadRegisterForm().then((m) => ({ default: m.RegisterForm })));

// The sign-in schema brings Zod: fetched when the visitor reaches for the form, not with the page.
const loadLoginRequest = () => import('@shared/schemas/sign-in').then((m) => m.loginRequest);

export function SignInForm() {
  const t = useT(authMessages);
  const login = useLogin();
  const form = useSchemaForm<LoginRequest>(loadLoginRequest);
  return (
    <form className="flex flex-col gap-3" {...form.formProps((values) => login.mutate(values))}>
      <TextField id="signin-email" label={t('email')} type="email" autoComplete="email" inputMode="email" name="email" error={form.errors.email} />
      <TextField id="signin-password" label={t('password')} type="password" autoComplete="current-password" name="password" error={form.errors.password} />
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? t('signingIn') : t('signIn')}
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
        <TabsTrigger value="register" onPointerDown={loadRegisterForm} onFocus={loadRegisterForm} onMouseEnter={loadRegisterForm}>
          {t('createAccount')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="signin">
        <SignInForm />
      </TabsContent>
      <TabsContent value="register">
        <Suspense fallback={<Spinner />}>
          <RegisterForm />
        </Suspense>
      </TabsContent>
    </Tabs>
  );
}
