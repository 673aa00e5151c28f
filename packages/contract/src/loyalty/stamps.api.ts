import { resourceApi } from '../common/endpoint.ts';
import { stampRewardCreateBody, stampRewardListQuery, stampRewardRow, stampRewardUpdateBody } from './stamp-reward.schema.ts';
import { stampProgrammeCreateBody, stampProgrammeDetail, stampProgrammeListQuery, stampProgrammeRow, stampProgrammeUpdateBody } from './stamp-programme.schema.ts';

export const STAMP_PROGRAMME_ENTRIES = ['cms.stamp'] as const;

/** cms Digital stamp, "stamp": the stamp programmes. */
export const stampProgrammesApi = resourceApi({
  name: 'stamp-programmes',
  path: 'stamp-programmes',
  tag: 'stamp programmes',
  label: 'stamp programme',
  entries: STAMP_PROGRAMME_ENTRIES,
  // The reward form chooses its programme from this list.
  viewEntries: ['cms.reward'],
  row: stampProgrammeRow,
  detail: stampProgrammeDetail,
  listQuery: stampProgrammeListQuery,
  create: stampProgrammeCreateBody,
  update: stampProgrammeUpdateBody,
});

export const STAMP_REWARD_ENTRIES = ['cms.reward'] as const;

/** cms Digital stamp, "reward": what stamps are redeemed for. */
export const stampRewardsApi = resourceApi({
  name: 'stamp-rewards',
  path: 'stamp-rewards',
  tag: 'stamp rewards',
  label: 'reward',
  entries: STAMP_REWARD_ENTRIES,
  row: stampRewardRow,
  listQuery: stampRewardListQuery,
  create: stampRewardCreateBody,
  update: stampRewardUpdateBody,
});

/** Every endpoint of the stamp half of the loyalty domain. */
export const stampsApi = { stampProgrammesApi, stampRewardsApi };
