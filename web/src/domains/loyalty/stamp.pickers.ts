import { stampProgrammeRow, stampProgrammesApi } from '@portal/contract';
import { remoteSelect } from '../../ui/RemoteSelect.tsx';

/** One stamp programme, searched by name on the server (`stamp-programmes?search=`). */
export const programmePicker = remoteSelect({
  resource: 'stamp-programme',
  endpoint: stampProgrammesApi.list,
  row: stampProgrammeRow.pick({ id: true, name: true }),
  toOption: (p) => ({ value: p.id, label: p.name }),
  query: { sort_by: 'name', sort_dir: 'asc' },
  placeholder: 'Type a programme name',
});
