import type { Action } from '@portal/contract';

/** The grants of a content approver: view the Campaign entries, approve from the queue and on offers. */
export const APPROVER_GRANTS: { entry: string; action: Action }[] = [
  ...['cms.offers', 'cms.banners', 'cms.campaigns', 'cms.push-messages', 'cms.approval-messages'].map((entry) => ({ entry, action: 'view' as const })),
  { entry: 'cms.approval-messages', action: 'approve' },
  { entry: 'cms.offers', action: 'approve' },
];
