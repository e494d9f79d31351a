import { schemaResolver } from '@web/lib/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { resetPasswordRequest, type ResetPasswordRequest } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert } from '@web/components/ui/feedback';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { api } from '@web/lib/api';

export function ResetPasswordPage() {
  const { token } = useSearch({ from: '/reset-password' });
  const form = useForm<ResetPasswordRequest>({ resolver: schemaResolver(resetPasswordRequest), defaultValues: { token: token ?? '', newPassword: '' } });
  const reset = useMutation({
    mutationFn: (input: ResetPasswordRequest) => api.post<{ message: string }>('/api/auth/reset-password', input),
    onError: () => toast.error('Password reset failed', { description: 'The reset link may be expired or invalid.' }),
  });

  if (reset.isSuccess) {
    return (
      <Card className="mx-auto mt-6 max-w-md">
        <CardContent className="flex flex-col items-center gap-4 p-6 text-center">
          <CheckCircle2 className="size-12 text-green-600" aria-hidden />
          <h1 className="text-xl font-semibold">Password updated</h1>
          <p className="text-slate-600">{reset.data.message}</p>
          <Button asChild>
            <Link to="/auth">Sign In</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card className="mx-auto mt-6 max-w-md">
      <CardHeader>
        <CardTitle>Choose a new password</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-3" noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))}>
          {!token && <Alert tone="error">Reset token is required. Please use the link from your email.</Alert>}
          <FieldError message={form.formState.errors.token?.message} />
          <div className="flex flex-col gap-1">
            <Label htmlFor="new-password">New password</Label>
            <Input id="new-password" type="password" autoComplete="new-password" {...form.register('newPassword')} />
            <FieldError message={form.formState.errors.newPassword?.message} />
          </div>
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Reset Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
