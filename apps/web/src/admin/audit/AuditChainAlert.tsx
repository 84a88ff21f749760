import { type AuditChainState, checkAuditChain } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../lib/request.ts';

export const AUDIT_CHAIN_KEY = ['admin', 'audit-chain'] as const;
const CHAIN_TIMEOUT_MS = 120_000;

/** Where the chain breaks, in one line: ID 12（序号 7）：内容已被修改… */
function breakText(state: AuditChainState, t: TFunction<'admin'>): string {
  const b = state.first_broken;
  if (!b) return '';
  const where =
    b.id === null
      ? t('audit.missingFrom', { seq: b.seq ?? '-' })
      : b.seq === null
        ? t('audit.rowAt', { id: b.id })
        : t('audit.rowAtSeq', { id: b.id, seq: b.seq });
  return t('audit.firstBreak', { where, reason: b.reason });
}

/**
 * The audit log's hash chain state at the top of 审计日志: 完整 (every row verified) or 已被篡改 at
 * the first row that does not verify (GET /api/admin/audit/chain recomputes the whole chain).
 */
export function AuditChainAlert() {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: AUDIT_CHAIN_KEY,
    // A full recomputation: seconds on a log of hundreds of thousands of rows, so a longer timeout.
    queryFn: ({ signal }) =>
      call(checkAuditChain, { signal, timeoutMs: CHAIN_TIMEOUT_MS }).then((r) => r.data),
    staleTime: 60_000,
  });
  const recheck = (
    <Button
      size="small"
      onClick={() => void query.refetch()}
      loading={query.isFetching}
      data-testid="audit-chain-recheck"
    >
      {t('audit.recheck')}
    </Button>
  );

  if (query.isPending) {
    return <Alert type="info" showIcon title={t('audit.checking')} data-testid="audit-chain" />;
  }
  if (query.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('audit.failedWith', {
          title: t('audit.chainFailed'),
          reason: errorMessage(query.error, t('audit.chainFailed')),
        })}
        action={recheck}
        data-testid="audit-chain"
      />
    );
  }
  const state = query.data;
  const checked = t('audit.checkedAt', { time: formatDateTime(state.verified_at) });
  if (state.ok) {
    return (
      <Alert
        type="success"
        showIcon
        title={t('audit.intact')}
        description={t('audit.intactText', { count: state.rows, n: state.rows, checked })}
        action={recheck}
        data-testid="audit-chain"
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      title={t('audit.tampered', { where: breakText(state, t) })}
      description={t('audit.tamperedText', { count: state.rows, n: state.rows, checked })}
      action={recheck}
      data-testid="audit-chain"
    />
  );
}
