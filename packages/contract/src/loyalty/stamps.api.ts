import { resourceApi } from '../common/endpoint.ts';
import { stampProgrammeCreateBody, stampProgrammeDetail, stampProgrammeListQuery, stampProgrammeRow, stampProgrammeUpdateBody } from './stamp-programme.schema.ts';

export const STAMP_PROGRAMME_ENTRIES = ['cms.stamp'] as const;

/** cms Digital stamp, "stamp": the stamp programmes. */
export const stampProgrammesApi = resourceApi({
  name: 'stamp-programmes',
  path: 'stamp-programmes',
  tag: 'stamp programmes',
  label: 'stamp programme',
  entries: STAMP_PROGRAMME_ENTRIES,
  row: stampProgrammeRow,
  detail: stampProgrammeDetail,
  listQuery: stampProgrammeListQuery,
  create: stampProgrammeCreateBody,
  update: stampProgrammeUpdateBody,
});

/** Every endpoint of the stamp half of the loyalty domain. */
export const stampsApi = { stampProgrammesApi };
