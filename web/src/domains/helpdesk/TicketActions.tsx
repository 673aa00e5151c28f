import { useEffect, useState } from 'react';
import { Button, Popconfirm, Select } from 'antd';
import { CheckOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can, ticketAllows, ticketsApi, type TicketAssign, type TicketClose, type TicketDetail } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { notifyError, notifySuccess } from '../../lib/notifier.tsx';
import { useSession } from '../../lib/session.ts';
import { ticketKeys } from './chat-events.ts';
import { TicketShareButton } from './TicketShare.tsx';

type TicketAct = { path: 'assign'; body: TicketAssign } | { path: 'close'; body: TicketClose } | { path: 'read' };

/**
 * The ticket's actions on its detail page, only those its status allows: share by e-mail, assign to a user (searched on
 * the server, up to 1000) and close as Solved. Opening an Unread ticket with the edit right marks it Read.
 */
export function TicketActions({ row }: { row: TicketDetail; entry: string }) {
  const { t } = useTranslation();
  const perms = useSession()?.access.perms;
  const queryClient = useQueryClient();
  const mayEdit = !!perms && can(perms, 'cms.help-center', 'edit');
  const [search, setSearch] = useState('');
  const [assignee, setAssignee] = useState<number | undefined>(row.assign_to_user_id ?? undefined);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ticketKeys.all });
  const act = useMutation({
    mutationFn: (a: TicketAct) =>
      a.path === 'read' ? call(ticketsApi.read, { id: row.id }) : a.path === 'close' ? call(ticketsApi.close, { id: row.id, body: a.body }) : call(ticketsApi.assign, { id: row.id, body: a.body }),
    onSuccess: async (_res, a) => {
      if (a.path !== 'read') notifySuccess(t(a.path === 'close' ? 'helpdesk.ticket.closed' : 'helpdesk.ticket.assigned', a.path === 'close' ? 'Ticket closed' : 'Ticket assigned'));
      await refresh();
    },
    onError: (err) => notifyError(err),
  });
  const { mutate } = act;
  useEffect(() => {
    if (mayEdit && row.status === 1) mutate({ path: 'read' });
  }, [mayEdit, row.status, row.id, mutate]);

  const users = useQuery({
    queryKey: ticketKeys.list({ via: 'assignees', search }),
    queryFn: async () => (await call(ticketsApi.assigneeOptions, { query: { search: search || undefined, limit: 1000 } })).data,
    enabled: mayEdit && ticketAllows('assign', row.status),
    staleTime: 30_000,
  });

  const mayShare = !!perms && can(perms, 'cms.help-center', 'export');
  if (!mayEdit && !mayShare) return null;
  return (
    <>
      {mayShare && <TicketShareButton row={row} />}
      {mayEdit && ticketAllows('assign', row.status) && (
        <>
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            style={{ width: 220 }}
            value={assignee}
            onChange={setAssignee}
            placeholder={t('helpdesk.ticket.chooseAssignee', 'Choose a user')}
            options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }))}
            loading={users.isFetching}
            data-testid="ticket-assignee"
          />
          <Button
            icon={<UserSwitchOutlined />}
            disabled={!assignee || assignee === row.assign_to_user_id}
            loading={act.isPending && act.variables?.path === 'assign'}
            onClick={() => assignee && act.mutate({ path: 'assign', body: { assign_to_user_id: assignee, version: row.version } })}
            data-testid="ticket-assign"
          >
            {t('helpdesk.ticket.assign', 'Assign')}
          </Button>
        </>
      )}
      {mayEdit && ticketAllows('close', row.status) && (
        <Popconfirm title={t('helpdesk.ticket.closeConfirm', 'Close this ticket as Solved?')} onConfirm={() => act.mutate({ path: 'close', body: { version: row.version } })} okButtonProps={{ 'data-testid': 'ticket-close-confirm' }}>
          <Button type="primary" icon={<CheckOutlined />} loading={act.isPending && act.variables?.path === 'close'} data-testid="ticket-close">
            {t('helpdesk.ticket.close', 'Close as Solved')}
          </Button>
        </Popconfirm>
      )}
    </>
  );
}
