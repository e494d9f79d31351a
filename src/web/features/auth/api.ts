import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '@web/lib/toast';
import type { LoginRequest, PublicUser, RegisterRequest } from '@shared/schemas/auth';
import { apiCall, errorMessage } from '@web/lib/api';
import { takeRedirect } from '@web/lib/guest-mode';
import { currentLanguage, useT } from '@web/lib/i18n';
import { currentUserKey } from '@web/lib/session';
import { authMessages } from './messages';

/** Where a user lands after signing in: the stored target, else by role. */
export function homeFor(user: PublicUser): string {
  return takeRedirect() ?? (user.role === 'driver' ? '/driver' : user.role === 'admin' ? '/admin/dashboard' : '/');
}

export function useLogin() {
  const t = useT(authMessages);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: LoginRequest) => apiCall('POST /api/auth/login', { body: input }),
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserKey, user);
      toast.success(t('welcomeBack'), { description: t('welcomeBackText', { name: user.fullName || user.username }) });
      await navigate({ to: homeFor(user) });
    },
    onError: (error) => toast.error(t('loginFailed'), { description: errorMessage(error, t('checkCredentials')) }),
  });
}

/**
 * Registration answers a known e-mail like a new one but signs nobody in (decision 030): the session
 * probe after it tells which happened. Resolves to whether the visitor is now signed in; when not, the form
 * asks them to check their e-mail.
 */
export function useRegister() {
  const t = useT(authMessages);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: RegisterRequest) => {
      const result = await apiCall('POST /api/auth/register', { body: { ...input, language: currentLanguage() } });
      const { user } = await apiCall('GET /api/auth/session');
      return { result, user };
    },
    onSuccess: async ({ result, user }) => {
      if (!user) return;
      queryClient.setQueryData(currentUserKey, user);
      toast.success(t('welcomeNew'), {
        description: t('accountCreatedText'),
        duration: result.shopifyCustomerLinked ? 6000 : 4000,
      });
      await navigate({ to: homeFor(user) });
    },
  });
}
