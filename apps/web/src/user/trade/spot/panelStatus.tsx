import { Button, Empty, Flex, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { i18n } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/request.ts';

export interface PanelStatusInput {
  /** Whether anything has loaded: a panel keeps showing what it has while a refresh fails. */
  loaded: boolean;
  empty: boolean;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Shown when the load failed, above the server's or the network's reason. */
  errorTitle: string;
  emptyText: string;
  testId: string;
}

/**
 * What a panel of the screen shows instead of its content: a spinner while the first load runs, the
 * failure with 重试, or its empty text. Null when the content itself is to be shown.
 */
export function panelStatus(input: PanelStatusInput): ReactNode | null {
  if (!input.loaded && input.error) {
    const reason = errorMessage(input.error, '');
    return (
      <Flex
        vertical
        align="center"
        gap={6}
        style={{ padding: '24px 4px' }}
        data-testid={`${input.testId}-error`}
      >
        <Typography.Text type="danger" style={{ textAlign: 'center' }}>
          {input.errorTitle}
        </Typography.Text>
        {reason && reason !== input.errorTitle && (
          <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
            {reason}
          </Typography.Text>
        )}
        <Button size="small" onClick={input.onRetry} data-testid={`${input.testId}-retry`}>
          {i18n.t('user:trade.retry')}
        </Button>
      </Flex>
    );
  }
  if (!input.loaded && input.loading) {
    return (
      <Flex justify="center" style={{ padding: '32px 0' }}>
        <Spin />
      </Flex>
    );
  }
  if (input.empty) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={input.emptyText}
        data-testid={`${input.testId}-empty`}
      />
    );
  }
  return null;
}
