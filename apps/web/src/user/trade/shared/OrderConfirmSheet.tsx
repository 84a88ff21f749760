import { Alert, Button, type ButtonProps, Checkbox, Descriptions, Flex, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConfirmedProduct, readSkipOrderConfirm, writeSkipOrderConfirm } from '../../../lib/storage.ts';

export interface ConfirmRow {
  label: string;
  value: ReactNode;
}

export interface OrderConfirmSheetProps {
  /** The body's data-testid; the controls are `<testId>-skip`, `-cancel`, `-ok`, `-offline` and `-problem`. */
  testId: string;
  /** The order's terms and what it costs, as they are now. */
  rows: readonly ConfirmRow[];
  /** How the order is executed, under the terms. */
  note: ReactNode;
  /** The side's colour, on 确认下单. */
  color: string;
  /** Whether the order as it is now can be sent (it passes its checks). */
  sendable: boolean;
  /** Why it cannot, shown as a warning. */
  problem?: string | null | undefined;
  placing: boolean;
  disconnected: boolean;
  onCancel: () => void;
  /** `skipFromNowOn`: 不再提示 was ticked. */
  onConfirm: (skipFromNowOn: boolean) => void;
}

/**
 * 确认下单 for an order (mounted while open, so 不再提示 starts unticked each time): the terms, what it
 * costs with the fee, and 不再提示 (kept on this device, per product: useOrderConfirmSkip). The button
 * refuses while the app is disconnected or the order no longer passes its checks.
 */
export function OrderConfirmSheet({
  testId,
  rows,
  note,
  color,
  sendable,
  problem,
  placing,
  disconnected,
  onCancel,
  onConfirm,
}: OrderConfirmSheetProps) {
  const { t } = useTranslation('user');
  const [skip, setSkip] = useState(false);
  const enabled = sendable && !disconnected;
  return (
    <Modal
      open
      title={t('trade.confirm.title')}
      width={400}
      onCancel={onCancel}
      maskClosable={!placing}
      closable={!placing}
      footer={
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Checkbox checked={skip} onChange={(e) => setSkip(e.target.checked)} data-testid={`${testId}-skip`}>
            {t('trade.confirm.skip')}
          </Checkbox>
          <Flex gap={8}>
            <Button onClick={onCancel} disabled={placing} data-testid={`${testId}-cancel`}>
              {t('trade.cancel')}
            </Button>
            <Button
              type="primary"
              loading={placing}
              disabled={!enabled}
              onClick={() => onConfirm(skip)}
              style={enabled ? { background: color, borderColor: color } : undefined}
              {...({ 'data-testid': `${testId}-ok` } as ButtonProps)}
            >
              {t('trade.confirm.title')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Flex vertical gap={8} data-testid={testId}>
        <Descriptions
          column={1}
          size="small"
          items={rows.map((r) => ({ key: r.label, label: r.label, children: r.value }))}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
        {disconnected ? (
          <Alert type="error" showIcon title={t('trade.offline')} data-testid={`${testId}-offline`} />
        ) : (
          problem && <Alert type="warning" showIcon title={problem} data-testid={`${testId}-problem`} />
        )}
      </Flex>
    </Modal>
  );
}

/**
 * An order form's confirmation: `ask(draft)` sends at once when this device skips the product's
 * confirmation (不再提示), else opens the sheet on `pending`; `confirm` sends it (skipping from now on
 * when 不再提示 was ticked) and closes the sheet with the answer; `restore` (ConfirmRestoreLink) brings
 * the sheet back. `send` reports its own failure and never throws.
 */
export function useOrderConfirmation<Draft>(
  product: ConfirmedProduct,
  send: (draft: Draft) => Promise<unknown>,
) {
  const [skip, setSkip] = useState(() => readSkipOrderConfirm(product));
  const [pending, setPending] = useState<Draft | null>(null);
  const remember = (value: boolean) => {
    writeSkipOrderConfirm(product, value);
    setSkip(value);
  };
  return {
    skip,
    pending,
    ask: (draft: Draft) => {
      if (skip) void send(draft);
      else setPending(draft);
    },
    confirm: async (skipFromNowOn: boolean) => {
      if (pending === null) return;
      if (skipFromNowOn) remember(true);
      await send(pending);
      setPending(null);
    },
    cancel: () => setPending(null),
    restore: () => remember(false),
  };
}

/** Shown while the confirmation is skipped: one tap brings it back. */
export function ConfirmRestoreLink({ onRestore, testId }: { onRestore: () => void; testId: string }) {
  const { t } = useTranslation('user');
  return (
    <Typography.Link style={{ fontSize: 12, textAlign: 'center' }} onClick={onRestore} data-testid={testId}>
      {t('trade.confirm.restore')}
    </Typography.Link>
  );
}
