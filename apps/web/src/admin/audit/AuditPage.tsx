import { type AuditLog, listAdminAuditLogs } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Button, Empty, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter, useFilteredList } from '../../components/FilteredList.tsx';
import { AdminListPage, ListTable } from '../shell/AdminListPage.tsx';
import { AuditActionTag } from './AuditActionTag.tsx';
import { AuditChainAlert } from './AuditChainAlert.tsx';
import { AuditDetailDrawer } from './AuditDetailDrawer.tsx';
import { AuditFilters, type AuditFilterValues } from './AuditFilters.tsx';

/** The filters kept in the address with page and size (?action=deposit.&dateFrom=2026-11-01&page=2). */
const AUDIT_FILTER_KEYS = ['search', 'action', 'targetType', 'targetId', 'dateFrom', 'dateTo'] as const;

function columns(onDetail: (log: AuditLog) => void, t: TFunction<'admin'>): TableColumnsType<AuditLog> {
  return [
    {
      title: t('audit.time'),
      dataIndex: 'created_at',
      key: 'created_at',
      width: 180,
      render: (value: string) => formatDateTime(value),
    },
    { title: t('audit.admin'), key: 'admin', render: (_, log) => log.admin.email },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      key: 'action',
      render: (action: string) => <AuditActionTag action={action} />,
    },
    {
      title: t('audit.target'),
      key: 'target',
      render: (_, log) => (
        <span>
          {log.target_type}
          {log.target_id ? <Typography.Text type="secondary"> #{log.target_id}</Typography.Text> : null}
        </span>
      ),
    },
    { title: 'IP', dataIndex: 'ip', key: 'ip', render: (ip: string | null) => ip ?? '-' },
    {
      title: t('audit.detail'),
      key: 'detail',
      width: 90,
      fixed: 'right',
      render: (_, log) => (
        <Button
          type="link"
          size="small"
          onClick={(e) => {
            e.stopPropagation();
            onDetail(log);
          }}
          data-testid={`audit-detail-${log.id}`}
        >
          {t('audit.view')}
        </Button>
      ),
    },
  ];
}

/** 审计日志 (super admins): every admin change with who, what, target, before/after, IP and time. */
export default function AuditPage() {
  const { t } = useTranslation('admin');
  const [selected, setSelected] = useState<AuditLog | null>(null);
  const { filters, applyFilters, page, limit, changePage, query } = useFilteredList<
    AuditFilterValues,
    typeof listAdminAuditLogs
  >({
    queryKey: ['admin', 'audit-logs'],
    endpoint: listAdminAuditLogs,
    filterKeys: AUDIT_FILTER_KEYS,
  });

  const data = query.data?.data;
  return (
    <AdminListPage
      title={t('audit.title')}
      testId="audit"
      query={query}
      loadFailed={t('audit.loadFailed')}
      summary={<AuditChainAlert />}
      filters={<AuditFilters value={filters} actions={data?.actions ?? []} onChange={applyFilters} />}
      table={
        <ListTable<AuditLog>
          columns={columns(setSelected, t)}
          rows={data?.logs ?? []}
          loading={query.isFetching}
          rowTestId="audit-row"
          scrollX={800}
          onRowClick={setSelected}
          empty={<Empty description={t('audit.empty')} />}
        />
      }
      footer={
        data &&
        data.pagination.total > 0 && (
          <div style={{ marginTop: 16 }}>
            <ListFooter
              summary={
                <Typography.Text type="secondary">
                  {t('audit.total', { count: data.pagination.total, n: data.pagination.total })}
                </Typography.Text>
              }
              page={page}
              limit={limit}
              total={data.pagination.total}
              onChange={changePage}
            />
          </div>
        )
      }
      below={<AuditDetailDrawer log={selected} onClose={() => setSelected(null)} />}
    />
  );
}
