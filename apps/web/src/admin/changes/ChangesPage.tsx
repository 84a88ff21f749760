import { CheckOutlined, CloseOutlined, RollbackOutlined } from '@ant-design/icons';
import { type AdminChange, type ChangeStatus, changeStatuses, DEFAULT_PAGE_SIZE } from '@platform/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Input,
  Segmented,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../components/ListFooter.tsx';
import { StackedDateTime } from '../../components/StackedDateTime.tsx';
import { useIdempotentMutation } from '../../lib/idempotency.ts';
import { useListParams } from '../../lib/listParams.ts';
import { errorMessage } from '../../lib/request.ts';
import { AdminListPage, LAPTOP_TABLE_WIDTH, ListTable } from '../shell/AdminListPage.tsx';
import { changedFields } from './changeDiff.ts';
import { changeKindIn } from './changeKind.ts';
import {
  CHANGE_LIST_PARAMS,
  CHANGES_QUERY_ROOT,
  type ChangeDecision,
  changesQueryKey,
  decideChange,
  fetchChanges,
} from './changesApi.ts';

const PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** Another admin's proposal or decision shows within this time without 刷新. */
const REFRESH_MS = 30_000;

const STATUS_COLORS: Record<ChangeStatus, string> = {
  pending: 'orange',
  delayed: 'gold',
  applied: 'green',
  rejected: 'red',
  cancelled: 'default',
  stale: 'default',
};

/** Rejecting and cancelling are the red buttons. */
const DANGER: Record<ChangeDecision, boolean> = { approve: false, reject: true, cancel: true };

const WRAP = { whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

/** 变更内容: only the fields that differ, old → new, long values wrapped. */
export function ChangeDiff({ change }: { change: Pick<AdminChange, 'id' | 'before' | 'after'> }) {
  const { t } = useTranslation('admin');
  const fields = changedFields(change.before, change.after);
  if (fields.length === 0) return <Typography.Text type="secondary">{t('changes.noChange')}</Typography.Text>;
  return (
    <Flex vertical gap={4} data-testid={`change-diff-${change.id}`} style={{ fontSize: 12 }}>
      {fields.map((field) => (
        <div key={field.path} data-testid="change-diff-field" style={WRAP}>
          <Typography.Text code>{field.path}</Typography.Text>{' '}
          {field.before === null ? (
            <Tag color="green">{t('changes.added')}</Tag>
          ) : (
            <Typography.Text delete type="secondary">
              {field.before}
            </Typography.Text>
          )}
          {field.before !== null && field.after !== null && ' → '}
          {field.after === null ? (
            <Tag color="red">{t('changes.removed')}</Tag>
          ) : (
            <Typography.Text strong>{field.after}</Typography.Text>
          )}
        </div>
      ))}
    </Flex>
  );
}

function Who({ who }: { who: AdminChange['proposer'] | null }) {
  const { t } = useTranslation('admin');
  if (!who) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Typography.Text ellipsis={{ tooltip: who.email }} style={{ maxWidth: 110 }}>
      {who.email ?? t('changes.adminNo', { id: who.id })}
    </Typography.Text>
  );
}

function Times({ change }: { change: AdminChange }) {
  const { t } = useTranslation('admin');
  const line = (label: string, value: string) => (
    <span>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <br />
      <StackedDateTime value={value} />
    </span>
  );
  return (
    <Flex vertical gap={4} style={{ fontSize: 12 }}>
      {line(t('changes.proposed'), change.proposed_at)}
      {change.status === 'delayed' &&
        change.effective_at &&
        line(t('changes.effective'), change.effective_at)}
      {change.decided_at && line(t('changes.decided'), change.decided_at)}
    </Flex>
  );
}

/**
 * 待生效变更 (issue 32, docs/pending-changes.md): every proposal to change a money-affecting setting
 * (payout rates, thresholds, channels, admin accounts), what it changes, who proposed and who
 * decided it. 批准 / 拒绝 / 撤销 appear where the server says the viewing admin may (can_*); each asks
 * first (拒绝 and 撤销 with an optional reason) and sends its own Idempotency-Key.
 */
export default function ChangesPage() {
  const { message, modal } = App.useApp();
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [filters, setFilters] = useListParams(CHANGE_LIST_PARAMS);

  const queryKey = useMemo(() => changesQueryKey(filters), [filters]);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchChanges(filters, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: CHANGES_QUERY_ROOT });

  const decide = useIdempotentMutation({
    mutationFn: (v: { decision: ChangeDecision; change: AdminChange; reason: string }, key) =>
      decideChange(v.decision, v.change.id, v.reason, key),
    onSuccess: (serverMessage) => message.success(serverMessage),
    onError: (error, v) =>
      message.error(
        t('changes.decisionFailed', {
          decision: t(`changes.decision.${v.decision}`),
          reason: errorMessage(error, t('changes.unknownError')),
        }),
      ),
    onSettled: reload,
  });

  const confirm = (decision: ChangeDecision, change: AdminChange) => {
    const label = t(`changes.decision.${decision}`);
    let reason = '';
    modal.confirm({
      title: t('changes.confirmTitle', {
        decision: label,
        id: change.id,
        kind: changeKindIn(i18n.language, change.kind),
      }),
      width: 560,
      content: (
        <Flex vertical gap={8} data-testid="change-confirm">
          <span>
            {t('changes.confirmText', {
              who: change.proposer.email ?? t('changes.adminNo', { id: change.proposer.id }),
              effect: t(`changes.decisionEffect.${decision}`),
            })}
          </span>
          <ChangeDiff change={change} />
          {decision !== 'approve' && (
            <Input.TextArea
              placeholder={t('changes.reasonOptional')}
              maxLength={500}
              autoSize={{ minRows: 2, maxRows: 4 }}
              onChange={(event) => {
                reason = event.target.value;
              }}
              data-testid="change-reason"
            />
          )}
        </Flex>
      ),
      okText: t('changes.confirmOk', { decision: label }),
      okButtonProps: { danger: DANGER[decision] },
      cancelText: t('changes.cancel'),
      // The dialog stays open (its button loading) until the server has answered.
      onOk: () => decide.mutateAsync({ decision, change, reason }).catch(() => undefined),
    });
  };

  const busy = (change: AdminChange) => decide.isPending && decide.variables?.change.id === change.id;
  const action = (decision: ChangeDecision, change: AdminChange, icon: React.ReactNode) => (
    <Button
      key={decision}
      size="small"
      type={decision === 'approve' ? 'primary' : 'default'}
      danger={DANGER[decision]}
      icon={icon}
      disabled={busy(change)}
      loading={busy(change) && decide.variables?.decision === decision}
      onClick={() => confirm(decision, change)}
      data-testid={`change-${decision}-${change.id}`}
    >
      {t(`changes.decision.${decision}`)}
    </Button>
  );

  const columns: TableColumnsType<AdminChange> = [
    { title: 'ID', dataIndex: 'id', width: 56 },
    {
      title: t('changes.change'),
      key: 'kind',
      width: 110,
      render: (_, c) => (
        <Flex vertical>
          <span>{changeKindIn(i18n.language, c.kind)}</span>
          {c.required_level === 'super_admin' && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('changes.needsSuper')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('changes.target'),
      key: 'target',
      width: 100,
      render: (_, c) => (
        <span style={WRAP}>{c.target_id ? `${c.target_type} #${c.target_id}` : c.target_type}</span>
      ),
    },
    { title: t('changes.diff'), key: 'diff', render: (_, c) => <ChangeDiff change={c} /> },
    { title: t('changes.proposer'), key: 'proposer', width: 126, render: (_, c) => <Who who={c.proposer} /> },
    { title: t('changes.approver'), key: 'approver', width: 126, render: (_, c) => <Who who={c.approver} /> },
    { title: t('changes.time'), key: 'times', width: 120, render: (_, c) => <Times change={c} /> },
    {
      title: t('changes.statusColumn'),
      key: 'status',
      width: 100,
      render: (_, c) => (
        <Flex vertical gap={2}>
          <Tag
            color={STATUS_COLORS[c.status]}
            data-testid={`change-status-${c.id}`}
            style={{ width: 'fit-content' }}
          >
            {t(`changes.status.${c.status}`)}
          </Tag>
          {c.reason && (
            <Typography.Text type="secondary" style={{ fontSize: 12, ...WRAP }}>
              {t('changes.reason', { reason: c.reason })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('changes.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, c) => {
        const buttons = [
          c.can_approve && action('approve', c, <CheckOutlined />),
          c.can_reject && action('reject', c, <CloseOutlined />),
          c.can_cancel && action('cancel', c, <RollbackOutlined />),
        ].filter(Boolean);
        return buttons.length > 0 ? (
          <Flex gap={8} wrap>
            {buttons}
          </Flex>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        );
      },
    },
  ];

  return (
    <AdminListPage
      title={t('changes.title')}
      testId="changes"
      query={query}
      loadFailed={t('changes.loadFailed')}
      reloadError="keep"
      summary={<Alert type="info" showIcon title={t('changes.rule')} description={t('changes.delayRule')} />}
      filters={
        <Segmented
          value={filters.status}
          options={[
            { value: 'all', label: t('changes.all') },
            ...changeStatuses.map((status) => ({ value: status, label: t(`changes.status.${status}`) })),
          ]}
          onChange={(status) => setFilters({ status: status as typeof filters.status })}
          // On a phone the seven English statuses are wider than the screen: they scroll inside it.
          style={{ maxWidth: '100%', overflowX: 'auto' }}
          data-testid="changes-status-filter"
        />
      }
      table={
        <ListTable<AdminChange>
          columns={columns}
          rows={query.data?.changes ?? []}
          loading={query.isFetching && !query.data}
          rowTestId="change-row"
          empty={<Empty description={t('changes.empty')} />}
          tableLayout="fixed"
          scrollX={LAPTOP_TABLE_WIDTH}
        />
      }
      footer={
        <ListFooter
          pagination={query.data?.pagination}
          page={filters.page}
          onChange={(page) => setFilters({ page })}
          noun={t('changes.noun')}
          testId="changes"
        />
      }
    />
  );
}
