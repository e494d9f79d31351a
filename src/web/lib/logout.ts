import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '@web/lib/toast';
import { api, errorMessage } from '@web/lib/api';
import { currentUserKey } from '@web/lib/session';

// Apart from session.ts, which the shell loads up front: only the account, driver and admin pages sign out.
export function useLogout(then: '/' | '/admin/login' = '/') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post('/api/auth/logout'),
    onSuccess: async () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
      toast.success('Logged out', { description: 'You have been successfully logged out.' });
      await navigate({ to: then });
    },
    onError: (error) => toast.error('Logout failed', { description: errorMessage(error, 'Please try again.') }),
  });
}
