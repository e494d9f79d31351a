import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { Lock, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import type { PublicUser } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/feedback';
import { Input, Label } from '@web/components/ui/input';
import { usePublicConfig } from '@web/lib/public-config';
import { currentUserKey, useCurrentUser } from '@web/lib/session';
import { api, ApiError } from '@web/lib/api';

/** /admin and /admin/login: the account is fixed to the configured admin address; only a password is typed. */
export function AdminLoginPage() {
  const config = usePublicConfig();
  const { user, isLoading } = useCurrentUser();
  const [password, setPassword] = useState('');
  const client = useQueryClient();
  const navigate = useNavigate();
  const login = useMutation({
    mutationFn: (input: { email: string; password: string }) => api.post<PublicUser>('/api/auth/login', input),
    onSuccess: async (signedIn) => {
      if (signedIn.role !== 'admin') {
        // Not an admin: refuse, and do not leave a session behind on the admin screen.
        await api.post('/api/auth/logout').catch(() => undefined);
        client.setQueryData(currentUserKey, null);
        toast.error('Access denied', { description: 'Admin privileges required' });
        return;
      }
      client.setQueryData(currentUserKey, signedIn);
      toast.success('Welcome back!', { description: `Signed in as ${signedIn.fullName}` });
      await navigate({ to: '/admin/dashboard' });
    },
    // A locked or throttled sign-in says so (with how long); a wrong password stays 'Invalid credentials'.
    onError: (error) => toast.error('Login failed', { description: error instanceof ApiError && error.status === 429 ? error.serverMessage : 'Invalid credentials' }),
  });

  if (isLoading) return <Spinner className="min-h-dvh" label="Checking authentication..." />;
  if (user?.role === 'admin') return <Navigate to="/admin/dashboard" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!config || !password) return;
    login.mutate({ email: config.adminEmail, password });
  };

  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 dark:bg-slate-950">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <ShieldCheck className="size-6" aria-hidden />
          </span>
          <CardTitle>Admin Login</CardTitle>
          <CardDescription>{config?.businessName ?? 'Glint'} back office</CardDescription>
        </CardHeader>
        <CardContent>
          {user && (
            <p role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              <strong>Access denied</strong> — Admin privileges required. You are signed in as {user.email}.
            </p>
          )}
          <form onSubmit={submit} className="flex flex-col gap-4">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="admin-email">Email</Label>
              <Input id="admin-email" type="email" value={config?.adminEmail ?? ''} readOnly aria-readonly className="bg-slate-100 text-slate-600 dark:bg-slate-800" />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="admin-password">Password</Label>
              <Input id="admin-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required autoFocus />
            </div>
            <Button type="submit" disabled={!config || !password || login.isPending}>
              <Lock aria-hidden /> {login.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
