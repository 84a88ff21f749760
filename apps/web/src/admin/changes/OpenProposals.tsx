import type { AdminChange } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Empty, Flex, List, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changeKindIn } from './changeKind.ts';

/** An open proposal: what it sets, who proposed it, and where a second admin approves it. */
function OpenProposal({
  change,
  testId,
  summary,
}: {
  change: AdminChange;
  testId: string;
  summary: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <List.Item data-testid={`${testId}-${change.id}`}>
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <span>
          <Tag color={change.status === 'delayed' ? 'orange' : 'blue'}>
            {change.status === 'delayed' ? t('changes.open.delayed') : t('changes.open.pending')}
          </Tag>
          {summary}
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('changes.open.proposedBy', {
            who: change.proposer.email ?? `#${change.proposer.id}`,
            time: formatDateTime(change.proposed_at),
          })}
          {change.can_approve ? t('changes.open.youMayApprove') : t('changes.open.needsAnother')}
        </Typography.Text>
      </Flex>
      <Link to="/admin/changes">{t('changes.open.go')}</Link>
    </List.Item>
  );
}

/**
 * 待批准的变更 of one setting's editor (a save there is a proposal, docs/pending-changes.md): each
 * open proposal with `summary` (default: the kind's name) and a link to 待生效变更, where it is decided.
 */
export function OpenProposals({
  pending,
  testId,
  summary,
}: {
  pending: readonly AdminChange[];
  /** Each row is `${testId}-${change id}`. */
  testId: string;
  summary?: (change: AdminChange) => ReactNode;
}) {
  const { t, i18n } = useTranslation('admin');
  const summarise = summary ?? ((c: AdminChange) => changeKindIn(i18n.language, c.kind));
  return (
    <>
      <Typography.Text strong>{t('changes.open.title')}</Typography.Text>
      {pending.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('changes.open.none')} />
      ) : (
        <List
          size="small"
          bordered
          dataSource={[...pending]}
          renderItem={(c) => <OpenProposal change={c} testId={testId} summary={summarise(c)} />}
        />
      )}
    </>
  );
}
