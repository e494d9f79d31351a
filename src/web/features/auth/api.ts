import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import type { LoginRequest, PublicUser, RegisterRequest, RegisterResponse } from '@shared/schemas/auth';
import { api, ApiError, errorMessage } from '@web/lib/api';
import { takeRedirect } from '@web/lib/guest-mode';

export const currentUserKey = ['auth', 'me'] as const;

/** The current user, or null when signed out; failure means no user and is never retried. */
export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: async (): Promise<PublicUser | null> => {
    try {
      return await api.get<PublicUser>('/api/auth/me');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  retry: false,
});

export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/** Where a user lands after signing in: the stored target, else by role. */
export function homeFor(user: PublicUser): string {
  return takeRedirect() ?? (user.role === 'driver' ? '/driver' : user.role === 'admin' ? '/admin/dashboard' : '/');
}

export function useLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: LoginRequest) => api.post<PublicUser>('/api/auth/login', input),
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserKey, user);
      toast.success('Welcome back!', { description: `Good to see you again, ${user.fullName || user.username}!` });
      await navigate({ to: homeFor(user) });
    },
    onError: (error) => toast.error('Login failed', { description: errorMessage(error, 'Please check your credentials and try again.') }),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: RegisterRequest) => api.post<RegisterResponse>('/api/auth/register', input),
    onSuccess: async (result) => {
      queryClient.setQueryData(currentUserKey, result.user);
      toast.success('Welcome!', {
        description: 'Your account has been created successfully. Please check your email to verify your account.',
        duration: result.shopifyCustomerLinked ? 6000 : 4000,
      });
      await navigate({ to: homeFor(result.user) });
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post('/api/auth/logout'),
    onSuccess: async () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
      toast.success('Logged out', { description: 'You have been successfully logged out.' });
      await navigate({ to: '/' });
    },
    onError: (error) => toast.error('Logout failed', { description: errorMessage(error, 'Please try again.') }),
  });
}
