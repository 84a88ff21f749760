import type { FlashConfigData } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionSnapshot } from '../../../lib/session.tsx';
import { UserPage } from '../../shell/UserPage.tsx';
import { QuerySection } from '../../team/QuerySection.tsx';
import { TradeHeader } from '../shared/TradeHeader.tsx';
import { useTradeSymbol } from '../shared/tradePairs.ts';
import { ChoiceGrid } from '../timed/ChoiceGrid.tsx';
import { ContractModal, useContractFocus } from '../timed/ContractModal.tsx';
import { TimedChart } from '../timed/TimedChart.tsx';
import { TimedLayout } from '../timed/TimedLayout.tsx';
import { TimedOrderForm } from '../timed/TimedOrderForm.tsx';
import { TimedTabs } from '../timed/TimedTabs.tsx';
import { fetchFlashConfig, fetchOpen, placeFlash, timedKeys } from '../timed/timedApi.ts';
import { durationLabel, ratePercent } from '../timed/timedFormat.ts';
import { useSettledWhileAway } from '../timed/useSettledWhileAway.ts';
import { useTimedLive } from '../timed/useTimedLive.ts';

const FLASH_DIRECTIONS = ['up', 'down'] as const;

function FlashForm({
  config,
  symbol,
  signedIn,
  onPlaced,
}: {
  config: FlashConfigData;
  symbol: string | undefined;
  signedIn: boolean;
  onPlaced: Parameters<typeof TimedOrderForm>[0]['onPlaced'];
}) {
  const { t } = useTranslation('user');
  const [seconds, setSeconds] = useState(config.durations[0]?.seconds);
  const duration = config.durations.find((d) => d.seconds === seconds) ?? config.durations[0];
  return (
    <TimedOrderForm
      product="flash"
      signedIn={signedIn}
      symbol={symbol}
      directions={FLASH_DIRECTIONS}
      currency={config.currency}
      minStake={config.min_stake}
      maxStake={config.max_stake}
      rate={duration?.payout_rate ?? null}
      summary={duration ? [{ label: t('trade.timed.duration'), value: durationLabel(duration.seconds) }] : []}
      blocked={duration ? null : t('trade.flash.noDuration')}
      terms={{ duration: duration?.seconds ?? 0 }}
      place={placeFlash}
      onPlaced={onPlaced}
    >
      <Flex vertical gap={6}>
        <Typography.Text strong>{t('trade.timed.duration')}</Typography.Text>
        <ChoiceGrid
          testId="flash-duration"
          value={duration?.seconds}
          onChange={setSeconds}
          minWidth={72}
          choices={config.durations.map((d) => ({
            value: d.seconds,
            title: durationLabel(d.seconds),
            sub: t('trade.timed.payout', { rate: ratePercent(d.payout_rate) }),
          }))}
        />
      </Flex>
    </TimedOrderForm>
  );
}

/** How a flash contract works, for everyone (guests read it beside the login prompt). */
function FlashRules({ config }: { config: FlashConfigData }) {
  const { t } = useTranslation('user');
  return (
    <Card size="small" title={t('trade.flash.rulesTitle')} data-testid="flash-rules">
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        {t('trade.flash.rules', { tolerance: config.settlement.tick_tolerance_seconds })}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }} type="secondary">
        {t('trade.flash.voidRule', { voidAfter: config.settlement.void_after_seconds })}
      </Typography.Paragraph>
    </Card>
  );
}

/** 秒合约 (/trade/flash/:symbol): up or down over a duration, settled against the reference price. */
export default function FlashPage() {
  const { t } = useTranslation('user');
  const signedIn = useSessionSnapshot().token !== null;
  const config = useQuery({
    queryKey: timedKeys.config('flash'),
    queryFn: ({ signal }) => fetchFlashConfig(signal),
    staleTime: 60_000,
  });
  const symbols = useMemo(() => config.data?.pairs.map((p) => p.symbol), [config.data]);
  const symbol = useTradeSymbol('flash', symbols);
  const open = useQuery({
    queryKey: timedKeys.open('flash'),
    queryFn: ({ signal }) => fetchOpen('flash', signal),
    enabled: signedIn,
  });
  useTimedLive('flash', open.data);
  const focus = useContractFocus('flash', open.data);
  useSettledWhileAway('flash', focus);

  const body = (
    <QuerySection query={config} failed={t('trade.flash.configFailed')} rows={8}>
      {(data) =>
        data.pairs.length === 0 ? (
          <Empty description={t('trade.flash.noPairs')} />
        ) : (
          <TimedLayout
            form={<FlashForm config={data} symbol={symbol} signedIn={signedIn} onPlaced={focus.show} />}
            side={
              signedIn ? (
                <TimedTabs product="flash" open={open} currency={data.currency} onSelect={focus.show} />
              ) : null
            }
            rules={<FlashRules config={data} />}
          />
        )
      }
    </QuerySection>
  );

  return (
    <UserPage title={t('trade.product.flash')} testId="flash-page">
      <TradeHeader product="flash" symbols={symbols ?? []} symbol={symbol} />
      {symbol && <TimedChart product="flash" symbol={symbol} contracts={open.data} />}
      {body}
      <ContractModal focus={focus} />
    </UserPage>
  );
}
