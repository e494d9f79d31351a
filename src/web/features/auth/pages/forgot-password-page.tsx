import { schemaResolver } from '@web/lib/form';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { forgotPasswordRequest, type ForgotPasswordRequest } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { api, errorMessage } from '@web/lib/api';

export function ForgotPasswordPage() {
  const form = useForm<ForgotPasswordRequest>({ resolver: schemaResolver(forgotPasswordRequest), defaultValues: { email: '' } });
  const send = useMutation({
    mutationFn: (input: ForgotPasswordRequest) => api.post<{ message: string }>('/api/auth/forgot-password', input),
    onError: (error) => toast.error('Failed to send email', { description: errorMessage(error, 'Please try again.') }),
  });

  if (send.isSuccess) {
    return (
      <Card className="mx-auto mt-6 max-w-md">
        <CardContent className="flex flex-col items-center gap-4 p-6 text-center">
          <MailCheck className="size-12 text-brand-700" aria-hidden />
          <h1 className="text-xl font-semibold">Check Your Email</h1>
          <p className="text-slate-600">{send.data.message} The link works for one hour.</p>
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => send.reset()}>
              Try Again
            </Button>
            <Button asChild>
              <Link to="/auth">Back to Login</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card className="mx-auto mt-6 max-w-md">
      <CardHeader>
        <CardTitle>Forgot your password?</CardTitle>
        <p className="text-sm text-slate-500">Enter your email and we will send you a link to choose a new one.</p>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-3" noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))}>
          <div className="flex flex-col gap-1">
            <Label htmlFor="forgot-email">Email</Label>
            <Input id="forgot-email" type="email" autoComplete="email" {...form.register('email')} />
            <FieldError message={form.formState.errors.email?.message} />
          </div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
          <Link to="/auth" className="text-center text-sm text-brand-700 hover:underline">
            Back to Login
          </Link>
        </form>
      </CardContent>
    </Card>
  );
}
