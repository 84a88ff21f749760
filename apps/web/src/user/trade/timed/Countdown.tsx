import { LoadingOutlined } from '@ant-design/icons';
import type { TimedContract } from '@platform/contracts';
import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerNow } from './serverClock.ts';
import { countdownParts } from './timedFormat.ts';

export interface CountdownProps {
  contract: Pick<TimedContract, 'opened_at' | 'expires_at'>;
  /** large: the ring of the contract's detail; small: the text of a list row. */
  size?: 'large' | 'small';
}

/**
 * Time left to the server's expiry of a contract (on the server's clock, see serverClock.ts). Past
 * the expiry it says the contract is being settled: the result comes from the server, never from here.
 */
export function Countdown({ contract, size = 'small' }: CountdownProps) {
  const { t } = useTranslation('user');
  const now = useServerNow(size === 'large' ? 200 : 500);
  const parts = countdownParts(contract.opened_at, contract.expires_at, now);

  if (parts.expired) {
    return (
      <Typography.Text type="secondary" data-testid="countdown-settling">
        <LoadingOutlined /> {t('trade.timed.settling')}
      </Typography.Text>
    );
  }
  if (size === 'small') {
    return (
      <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="countdown">
        {parts.text}
      </Typography.Text>
    );
  }
  return (
    <Flex vertical align="center" gap={4}>
      <Progress
        type="circle"
        size={132}
        percent={100 - parts.percentGone}
        // Never the green "success" ring at 100%: a fresh contract has not won anything.
        status="normal"
        format={() => (
          <span style={{ fontVariantNumeric: 'tabular-nums', fontSize: 28 }} data-testid="countdown">
            {parts.text}
          </span>
        )}
      />
      <Typography.Text type="secondary">{t('trade.timed.untilSettlement')}</Typography.Text>
    </Flex>
  );
}
