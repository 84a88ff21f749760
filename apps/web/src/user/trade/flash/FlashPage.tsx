import type { FlashConfigData } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
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
      summary={duration ? [{ label: '周期', value: durationLabel(duration.seconds) }] : []}
      blocked={duration ? null : '暂无可选周期'}
      terms={{ duration: duration?.seconds ?? 0 }}
      place={placeFlash}
      onPlaced={onPlaced}
    >
      <Flex vertical gap={6}>
        <Typography.Text strong>周期</Typography.Text>
        <ChoiceGrid
          testId="flash-duration"
          value={duration?.seconds}
          onChange={setSeconds}
          minWidth={72}
          choices={config.durations.map((d) => ({
            value: d.seconds,
            title: durationLabel(d.seconds),
            sub: `收益 ${ratePercent(d.payout_rate)}`,
          }))}
        />
      </Flex>
    </TimedOrderForm>
  );
}

/** How a flash contract works, for everyone (guests read it beside the login prompt). */
function FlashRules({ config }: { config: FlashConfigData }) {
  return (
    <Card size="small" title="秒合约规则" data-testid="flash-rules">
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        选择看涨或看跌和周期下单。到期时取到期时刻（{config.settlement.tick_tolerance_seconds}
        秒内）最后一个参考价格，与开仓价格比较：方向正确按周期收益率盈利，方向错误损失投注金额，价格相同为平局并退还投注金额。
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }} type="secondary">
        到期后 {config.settlement.void_after_seconds}
        秒内仍取不到参考价格的合约作废并全额退款。每笔结算都记录所用价格、来源和时间，可在记录中查看。
      </Typography.Paragraph>
    </Card>
  );
}

/** 秒合约 (/trade/flash/:symbol): up or down over a duration, settled against the reference price. */
export default function FlashPage() {
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
    <QuerySection query={config} failed="获取秒合约配置失败" rows={8}>
      {(data) =>
        data.pairs.length === 0 ? (
          <Empty description="暂无可交易的秒合约交易对" />
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
    <UserPage title="秒合约" testId="flash-page">
      <TradeHeader product="flash" symbols={symbols ?? []} symbol={symbol} />
      {symbol && <TimedChart product="flash" symbol={symbol} contracts={open.data} />}
      {body}
      <ContractModal focus={focus} />
    </UserPage>
  );
}
