import { useMutation as useQueryMutation, useQueryClient, type DefaultError, type MutateOptions, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * TanStack Query's `useMutation`, except that the callbacks given to `mutate` run even when the component that
 * called it has unmounted by the time the answer arrives. TanStack Query drops them then, and a live update often
 * unmounts the caller first: deleting a booking removes its card (and the dialog in it) as soon as the list
 * hears of the deletion, which can be before the DELETE's own answer, and "Booking deleted" never showed.
 */
export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TOnMutateResult = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
): UseMutationResult<TData, TError, TVariables, TOnMutateResult> {
  const client = useQueryClient();
  const mutation = useQueryMutation(options);
  const { mutateAsync } = mutation;
  const { meta, mutationKey } = options;
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TOnMutateResult>) => {
      const context = { client, meta, mutationKey };
      // mutateAsync's promise settles whether or not the caller is still mounted; with no callbacks a failure is
      // left to the mutation's own onError, as with TanStack's mutate.
      mutateAsync(variables).then(
        (data) => {
          callbacks?.onSuccess?.(data, variables, undefined, context);
          callbacks?.onSettled?.(data, null, variables, undefined, context);
        },
        (error: TError) => {
          callbacks?.onError?.(error, variables, undefined, context);
          callbacks?.onSettled?.(undefined, error, variables, undefined, context);
        },
      );
    },
    [client, meta, mutationKey, mutateAsync],
  );
  return { ...mutation, mutate } as UseMutationResult<TData, TError, TVariables, TOnMutateResult>;
}
