import type { AdminWithdrawal, WithdrawalStatus } from '@platform/contracts';
import { canTransitionWithdrawal } from '@platform/domain';
import { Alert, Button, Flex, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionKeys } from '../../../lib/idempotency.ts';
import { errorMessage } from '../../../lib/request.ts';
import { bulkUpdateWithdrawalStatus, type WithdrawalBulkStatusData } from './withdrawalsApi.ts';

/** Targets in the order of the withdrawal's life. */
const TARGETS: WithdrawalStatus[] = ['reviewing', 'approved', 'processing', 'completed', 'rejected'];

export interface BulkStatusModalProps {
  open: boolean;
  rows: AdminWithdrawal[];
  onClose: () => void;
  /** Called after the call answered (the page reloads and clears the selection). */
  onDone: () => void;
}

/**
 * 批量操作: one target status for every selected row (and a reason for 已拒绝). The server moves each
 * row on its own; the dialog then shows how many moved and which were skipped, with the reason.
 */
export function BulkStatusModal({ open, rows, onClose, onDone }: BulkStatusModalProps) {
  const { t } = useTranslation('admin');
  const [target, setTarget] = useState<WithdrawalStatus | null>(null);
  const [note, setNote] = useState('');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<WithdrawalBulkStatusData | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const keys = useActionKeys();

  const reset = () => {
    setTarget(null);
    setNote('');
    setResult(null);
    setFailure(null);
  };
  const close = () => {
    if (running) return;
    reset();
    onClose();
  };

  const eligible = (status: WithdrawalStatus) =>
    rows.filter((row) => canTransitionWithdrawal(row.status, status)).length;
  const needsNote = target === 'rejected';
  const canSubmit = target !== null && eligible(target) > 0 && (!needsNote || note.trim() !== '') && !running;

  const submit = async () => {
    if (!target) return;
    const body = { ids: rows.map((row) => row.id), status: target, adminNote: note.trim() || undefined };
    // A second click before the button shows it is loading: the same change, sent once.
    if (keys.isRunning(body)) return;
    setRunning(true);
    setFailure(null);
    try {
      const reply = await keys.run(body, (key) => bulkUpdateWithdrawalStatus(body, key));
      setResult(reply.data);
      onDone();
    } catch (error) {
      setFailure(
        t('withdrawals.updateFailed', { reason: errorMessage(error, t('withdrawals.unknownError')) }),
      );
    } finally {
      setRunning(false);
    }
  };

  const footer = result ? (
    <Button type="primary" onClick={close} data-testid="withdrawals-bulk-close">
      {t('withdrawals.close')}
    </Button>
  ) : (
    <Flex justify="end" gap={8}>
      <Button onClick={close} disabled={running}>
        {t('withdrawals.cancel')}
      </Button>
      <Button
        type="primary"
        danger={needsNote}
        disabled={!canSubmit}
        loading={running}
        onClick={() => void submit()}
        data-testid="withdrawals-bulk-submit"
      >
        {t('withdrawals.ok')}
      </Button>
    </Flex>
  );

  return (
    <Modal
      open={open}
      title={t('withdrawals.bulkTitle', { n: rows.length })}
      onCancel={close}
      footer={footer}
      destroyOnHidden
    >
      {result ? (
        <Flex vertical gap={12} data-testid="withdrawals-bulk-result">
          <Alert
            type={result.skipped.length > 0 ? 'warning' : 'success'}
            showIcon
            title={
              t('withdrawals.bulkDone', {
                processed: result.processedCount,
                skipped: result.skipped.length,
              }) +
              (result.awaitingSecondApprovalIds?.length
                ? t('withdrawals.bulkAwaiting', { n: result.awaitingSecondApprovalIds.length })
                : '')
            }
          />
          {result.skipped.length > 0 && (
            <Flex vertical gap={4}>
              <Typography.Text strong>{t('withdrawals.bulkSkippedTitle')}</Typography.Text>
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {result.skipped.map((item) => (
                  <li key={item.id} data-testid={`withdrawals-bulk-skipped-${item.id}`}>
                    {t('withdrawals.bulkSkipped', { id: item.id, reason: item.reason })}
                  </li>
                ))}
              </ul>
            </Flex>
          )}
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text>{t('withdrawals.bulkTarget')}</Typography.Text>
          <Radio.Group
            value={target}
            onChange={(event) => setTarget(event.target.value as WithdrawalStatus)}
            data-testid="withdrawals-bulk-status"
          >
            <Flex vertical gap={6}>
              {TARGETS.map((status) => {
                const count = eligible(status);
                return (
                  <Radio
                    key={status}
                    value={status}
                    disabled={count === 0}
                    data-testid={`withdrawals-bulk-status-${status}`}
                  >
                    {t(`withdrawals.status.${status}`)}
                    <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                      {t('withdrawals.bulkEligible', { n: count, all: rows.length })}
                    </Typography.Text>
                  </Radio>
                );
              })}
            </Flex>
          </Radio.Group>
          {needsNote && (
            <Flex vertical gap={4}>
              <Typography.Text>{t('withdrawals.rejectReason')}</Typography.Text>
              <Input.TextArea
                rows={3}
                maxLength={500}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                data-testid="reason-input"
              />
            </Flex>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('withdrawals.bulkHint')}
          </Typography.Text>
          {failure && <Alert type="error" showIcon title={failure} />}
        </Flex>
      )}
    </Modal>
  );
}
