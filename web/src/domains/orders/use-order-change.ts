import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@portal/contract';
import { notifyError, notifySuccess } from '../../lib/notifier.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';

export const orderKeys = resourceKeys('order');

/**
 * One change of an order (a move, the picking, a driver): the server answers the order as it now is, which replaces
 * the open detail at once; the lists are read again. A refusal (409 for a stale version or a move the state forbids)
 * shows the server's message and re-reads the order, so the screen offers what is now allowed.
 */
export function useOrderChange<A>(run: (args: A) => Promise<{ data: OrderDetail }>, success?: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(orderKeys.detail(data.id), data);
      notifySuccess(success ?? t('common.success', 'Success'));
      await queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
    onError: async (err) => {
      notifyError(err);
      await queryClient.invalidateQueries({ queryKey: orderKeys.details() });
    },
  });
}
