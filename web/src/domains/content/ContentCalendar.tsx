import { useState } from 'react';
import { Badge, Calendar, Card, Flex, Tooltip } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { CONTENT_ENTRY, CONTENT_KIND_API, CONTENT_KINDS, CONTENT_STATUS, can, jakartaDay, type ContentRow } from '@portal/contract';
import { useSession } from '../../lib/session.ts';
import { call } from '../../lib/call.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useGo } from '../../ui/nav.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { KIND_LABEL } from './content.actions.ts';
import { resourcePaths } from '../../ui/resource-paths.ts';

const BADGE: Record<number, 'processing' | 'success' | 'default' | 'warning'> = { 1: 'warning', 2: 'processing', 3: 'success', 4: 'default' };

/**
 * What goes live when: the items of every kind the user may view whose period touches the month, each on the day it
 * starts (Asia/Jakarta), pending ones too so approvers see what is coming. Reads the kinds' own lists with the
 * month as date range.
 */
export function ContentCalendarScreen() {
  const { t } = useTranslation();
  const { link } = useGo();
  const perms = useSession()?.access.perms;
  const [month, setMonth] = useState<Dayjs>(() => dayjs());
  const from = month.startOf('month').format('YYYY-MM-DD');
  const to = month.endOf('month').format('YYYY-MM-DD');
  const kinds = CONTENT_KINDS.filter((k) => !!perms && can(perms, CONTENT_ENTRY[k], 'view'));
  const query = { date_from: from, date_to: to, is_all: 'true', sort_by: 'start_at', sort_dir: 'asc' };
  const results = useQueries({
    queries: kinds.map((k) => ({
      queryKey: resourceKeys(k).list({ ...query, via: 'calendar' }),
      queryFn: async () => (await call(CONTENT_KIND_API[k].list, { query })).data.data,
    })),
  });
  const items = results.flatMap((r) => r.data ?? []).filter((i) => i.status >= 1 && i.status <= 4);
  const byDay = new Map<string, ContentRow[]>();
  for (const item of items) {
    const day = jakartaDay(new Date(item.start_at));
    byDay.set(day, [...(byDay.get(day) ?? []), item]);
  }

  return (
    <div data-testid="content-calendar">
      <PageHeader title={t('content.calendarTitle', 'Content Calendar')} />
      <Card>
        <Flex gap={16} style={{ marginBottom: 8 }} wrap>
          {[1, 2, 3, 4].map((s) => (
            <Badge key={s} status={BADGE[s]} text={CONTENT_STATUS.options.find((o) => o.value === s)?.label} />
          ))}
        </Flex>
        <Calendar
          value={month}
          onPanelChange={(d) => setMonth(d)}
          onSelect={(d, info) => info.source !== 'date' && setMonth(d)}
          cellRender={(current, info) => {
            if (info.type !== 'date') return info.originNode;
            const list = byDay.get(current.format('YYYY-MM-DD')) ?? [];
            return (
              <Flex vertical gap={2} data-testid={`calendar-day-${current.format('YYYY-MM-DD')}`}>
                {list.map((item) => (
                  <Tooltip key={item.id} title={`${t(`content.kinds.${item.kind}`, KIND_LABEL[item.kind])} · ${item.title}`}>
                    <a {...link(resourcePaths(CONTENT_ENTRY[item.kind]).detail(item.id))} style={{ display: 'flex', gap: 4, alignItems: 'center', fontSize: 12 }}>
                      <Badge status={BADGE[item.status] ?? 'default'} />
                      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{item.title}</span>
                    </a>
                  </Tooltip>
                ))}
              </Flex>
            );
          }}
        />
      </Card>
    </div>
  );
}
