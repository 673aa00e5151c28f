import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APPROVAL_ENTRY, CONTENT_KIND_API, approvalMessagesApi, can, contentActionsFor, type ContentAction, type ContentKind, type ContentRow } from '@portal/contract';
import { notifySuccess } from '../../lib/notifier.tsx';
import { useSession } from '../../lib/session.ts';
import { call } from '../../lib/call.ts';
import { resourceKeys } from '../../lib/query-keys.ts';

export const APPROVAL_KEYS = resourceKeys('approval-message');

/** English names of the kinds; translation keys `content.kinds.<kind>`. */
export const KIND_LABEL: Record<ContentKind, string> = {
  offer: 'Offer',
  banner: 'Banner',
  campaign: 'Campaign',
  'push-message': 'Push Message',
  'banner-digital-product': 'Top-up Banner',
};

/** The workflow actions this person may take on an item now: allowed by its status, by their grants, and never approving their own. */
export function useContentActions(row: ContentRow, entry: string): ContentAction[] {
  const session = useSession();
  if (!session) return [];
  const perms = session.access.perms;
  const isSubmitter = row.submitted_by === session.profile.id;
  return contentActionsFor(row.status, { isSubmitter }).filter((a) =>
    a === 'approve' || a === 'reject' ? can(perms, entry, 'approve') || can(perms, APPROVAL_ENTRY, 'approve') : can(perms, entry, 'edit'),
  );
}

/** The endpoint of a transition: the kind's own, or the approver's queue's (`via: 'queue'`, approve and reject). */
function transitionEndpoint(kind: ContentKind, action: ContentAction, via: 'kind' | 'queue') {
  if (via === 'queue' && (action === 'approve' || action === 'reject')) return approvalMessagesApi[action];
  return CONTENT_KIND_API[kind][action];
}

/** Runs a transition on an item with the version shown, then refreshes its kind's lists and details and the queue. */
export function useContentTransition(row: ContentRow, via: 'kind' | 'queue' = 'kind') {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, reason }: { action: ContentAction; reason?: string }) => {
      return (await call(transitionEndpoint(row.kind, action, via), { id: row.id, body: { version: row.version, ...(reason ? { reason } : {}) } })).data;
    },
    onSuccess: async () => {
      notifySuccess(t('common.success', 'Success'));
      await queryClient.invalidateQueries({ queryKey: resourceKeys(row.kind).all });
      await queryClient.invalidateQueries({ queryKey: APPROVAL_KEYS.all });
    },
  });
}
