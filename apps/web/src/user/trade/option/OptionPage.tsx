import {
  OPTION_DURATIONS,
  OPTION_MAX_STAKE,
  OPTION_MIN_STAKE,
  OPTION_TRADING_TEXTS,
  type OptionConfigForUser,
  TIMED_STAKE_CURRENCY,
  type TimedContract,
} from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Result, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useSessionSnapshot } from '../../../lib/session.tsx';
import { UserPage } from '../../shell/UserPage.tsx';
import { QuerySection } from '../../team/QuerySection.tsx';
import { TradeHeader } from '../shared/TradeHeader.tsx';
import { useTradeSymbol, useTradingPairs } from '../shared/tradePairs.ts';
import { ChoiceGrid } from '../timed/ChoiceGrid.tsx';
import { ContractModal, useContractFocus } from '../timed/ContractModal.tsx';
import { GuestPrompt } from '../timed/GuestPrompt.tsx';
import { TimedChart } from '../timed/TimedChart.tsx';
import { TimedLayout } from '../timed/TimedLayout.tsx';
import { TimedOrderForm } from '../timed/TimedOrderForm.tsx';
import { TimedTabs } from '../timed/TimedTabs.tsx';
import { fetchOpen, fetchOptionConfig, placeOption, timedKeys } from '../timed/timedApi.ts';
import { durationLabel } from '../timed/timedFormat.ts';
import { useSettledWhileAway } from '../timed/useSettledWhileAway.ts';
import { useTimedLive } from '../timed/useTimedLive.ts';
import { LevelPicker } from './LevelPicker.tsx';
import { effectiveLevel } from './levelText.ts';
import { PeriodBar } from './PeriodBar.tsx';

const OPTION_DIRECTIONS = ['call', 'put'] as const;
/** The levels open to the caller change with the period and their valid orders: re-read this often. */
const CONFIG_REFRESH_MS = 30_000;

function OptionForm({
  config,
  symbol,
  onPlaced,
  onRefused,
}: {
  config: OptionConfigForUser;
  symbol: string | undefined;
  onPlaced: (contract: TimedContract) => void;
  onRefused: () => void;
}) {
  const [chosenLevel, setChosenLevel] = useState<number>();
  const [duration, setDuration] = useState(config.durations[0]);
  const level = effectiveLevel(config.levels, chosenLevel);
  return (
    <TimedOrderForm
      product="option"
      signedIn
      symbol={symbol}
      directions={OPTION_DIRECTIONS}
      currency={config.currency}
      minStake={config.min_stake}
      maxStake={config.max_stake}
      rate={level?.payout_rate ?? null}
      summary={[
        { label: '投资等级', value: level ? `等级 ${level.level}（收益 ${level.percentage}%）` : '-' },
        { label: '周期', value: duration ? durationLabel(duration) : '-' },
      ]}
      blocked={level ? null : '当前没有您可用的投资等级'}
      terms={{ level: level?.level ?? 0, duration: duration ?? 0 }}
      place={placeOption}
      onPlaced={onPlaced}
      onRefused={onRefused}
    >
      <LevelPicker config={config} chosen={level?.level} onChange={setChosenLevel} />
      <Flex vertical gap={6}>
        <Typography.Text strong>周期</Typography.Text>
        <ChoiceGrid
          testId="option-duration"
          value={duration}
          onChange={setDuration}
          minWidth={72}
          choices={config.durations.map((d) => ({ value: d, title: durationLabel(d) }))}
        />
      </Flex>
    </TimedOrderForm>
  );
}

/** Master switch off or maintenance: nothing can be placed; open options still settle. */
function OptionClosed({ config }: { config: OptionConfigForUser }) {
  const maintenance = config.enabled && config.maintenanceMode;
  return (
    <Result
      status="warning"
      title={maintenance ? '期权交易维护中' : '期权交易已关闭'}
      subTitle={
        <>
          {maintenance ? OPTION_TRADING_TEXTS.maintenance : OPTION_TRADING_TEXTS.disabled}
          <br />
          进行中的期权照常到期结算。
        </>
      }
      data-testid="option-closed"
    />
  );
}

function OptionRules() {
  return (
    <Card size="small" title="期权规则" data-testid="option-rules">
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        选择看涨或看跌、投资等级和周期下单。到期时按参考价格结算：方向正确按所选等级的收益百分比盈利，方向错误损失投注金额，价格相同为平局并退还投注金额。
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 8 }} type="secondary">
        投资等级按时段（北京时间的窗口期 /
        非窗口期）开放，较高等级需在同类时段完成一定数量的有效订单（已结算的盈利或亏损订单）后开放。
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }} type="secondary">
        周期 {OPTION_DURATIONS.map(durationLabel).join('、')}；单笔 {OPTION_MIN_STAKE} - {OPTION_MAX_STAKE}{' '}
        {TIMED_STAKE_CURRENCY}。每笔结算都记录所用价格、来源和时间，可在记录中查看。
      </Typography.Paragraph>
    </Card>
  );
}

/** A guest: the product's pairs and rules, and a login prompt in place of the form. */
function GuestOption() {
  const pairs = useTradingPairs();
  const symbols = useMemo(
    () =>
      pairs.data?.filter((p) => p.enabled && p.quote_currency === TIMED_STAKE_CURRENCY).map((p) => p.symbol),
    [pairs.data],
  );
  const symbol = useTradeSymbol('option', symbols);
  return (
    <>
      <TradeHeader product="option" symbols={symbols ?? []} symbol={symbol} />
      {symbol && <TimedChart product="option" symbol={symbol} contracts={undefined} />}
      <TimedLayout form={<GuestPrompt />} side={null} rules={<OptionRules />} />
    </>
  );
}

function SignedInOption() {
  const config = useQuery({
    queryKey: timedKeys.config('option'),
    queryFn: ({ signal }) => fetchOptionConfig(signal),
    refetchInterval: CONFIG_REFRESH_MS,
  });
  const symbols = useMemo(() => config.data?.pairs.map((p) => p.symbol), [config.data]);
  const symbol = useTradeSymbol('option', symbols);
  const open = useQuery({
    queryKey: timedKeys.open('option'),
    queryFn: ({ signal }) => fetchOpen('option', signal),
  });
  useTimedLive('option', open.data);
  const focus = useContractFocus('option', open.data);
  useSettledWhileAway('option', focus);
  const refetchConfig = useCallback(() => void config.refetch(), [config.refetch]);

  const body = (
    <QuerySection query={config} failed="获取期权配置失败" rows={10}>
      {(data) => (
        <TimedLayout
          form={
            <Flex vertical gap={16}>
              <PeriodBar config={data} onPeriodChange={refetchConfig} />
              {!data.tradable ? (
                <OptionClosed config={data} />
              ) : data.pairs.length === 0 ? (
                <Empty description="暂无可交易的期权交易对" />
              ) : (
                <OptionForm config={data} symbol={symbol} onPlaced={focus.show} onRefused={refetchConfig} />
              )}
            </Flex>
          }
          side={<TimedTabs product="option" open={open} currency={data.currency} onSelect={focus.show} />}
          rules={<OptionRules />}
        />
      )}
    </QuerySection>
  );

  return (
    <>
      <TradeHeader product="option" symbols={symbols ?? []} symbol={symbol} />
      {symbol && <TimedChart product="option" symbol={symbol} contracts={open.data} />}
      {body}
      <ContractModal focus={focus} />
    </>
  );
}

/** 期权 (/trade/option/:symbol): call or put at an investment level, settled against the reference price. */
export default function OptionPage() {
  const signedIn = useSessionSnapshot().token !== null;
  return (
    <UserPage title="期权" testId="option-page">
      {signedIn ? <SignedInOption /> : <GuestOption />}
    </UserPage>
  );
}
