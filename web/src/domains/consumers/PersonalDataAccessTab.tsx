import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { personalDataAccessApi, type PersonalDataAccessRow } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { HistoryTable, type HistoryOwner } from './ConsumerHistory.tsx';

/** English names of the screens that show personal data; translation key `consumers.access.screens.<screen>`. */
const SCREENS: Record<string, string> = {
  'consumers.list': 'Consumer list',
  'consumers.get': 'Consumer detail',
  'consumers.update': 'Consumer edit',
  'consumers.addresses': 'Consumer addresses',
  'consumers.address': 'Consumer address',
  'consumers.update-address': 'Consumer address edit',
  'members.list': 'Member list',
  'members.get': 'Member detail',
  'members.update': 'Member edit',
  'members.addresses': 'Member addresses',
  'members.address': 'Member address',
  'members.update-address': 'Member address edit',
  'promos.get': 'Promo detail',
  'promos.create': 'Promo create',
  'promos.update': 'Promo edit',
  export_consumer: 'Consumer export',
  export_member: 'Member export',
};

function Screen({ row }: { row: PersonalDataAccessRow }) {
  const { t } = useTranslation();
  const fallback = SCREENS[row.screen] ?? (row.screen.startsWith('consumers.') ? `Consumer action (${row.screen.slice(10)})` : row.screen);
  return <span title={row.route}>{t(`consumers.access.screens.${row.screen}`, fallback)}</span>;
}

function Staff({ row }: { row: PersonalDataAccessRow }) {
  return <span>{row.user_name ? `${row.user_name} (${row.username ?? row.user_id})` : `#${row.user_id}`}</span>;
}

/**
 * "Personal data access" (Super Admin only): who saw this consumer's phone, e-mail and addresses unmasked, when, and
 * through which screen (UU PDP art. 31-32), with its export.
 */
export function PersonalDataAccessTab({ owner }: { owner: HistoryOwner }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">
          {t('consumers.access.help', 'Every time staff saw this consumer’s personal data unmasked, with the screen that showed it.')}
        </Typography.Text>
        <ExportButton endpoint={personalDataAccessApi.export} query={{ consumer_id: owner.id }} />
      </Flex>
      <HistoryTable<PersonalDataAccessRow>
        owner={owner}
        name="personal-data-access"
        load={(query) => call(personalDataAccessApi.list, { query: { ...query, consumer_id: owner.id } })}
        columns={[
          { key: 'at', label: 'Time', kind: 'date' },
          { key: 'user_name', label: 'Staff', kind: 'custom', component: Staff },
          { key: 'screen', label: 'Screen', kind: 'custom', component: Screen },
          { key: 'route', label: 'Route' },
          { key: 'subject_count', label: 'Consumers Shown', kind: 'number' },
        ]}
        testId="consumer-personal-data-access"
      />
    </Flex>
  );
}
