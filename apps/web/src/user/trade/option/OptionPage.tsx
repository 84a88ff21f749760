import {
  OPTION_DURATIONS,
  OPTION_MAX_STAKE,
  OPTION_MIN_STAKE,
  type OptionConfigForUser,
  TIMED_STAKE_CURRENCY,
  type TimedContract,
} from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Result, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('user');
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
        {
          label: t('trade.timed.level'),
          value: level
            ? t('trade.option.levelSummary', { level: level.level, percent: level.percentage })
            : '-',
        },
        { label: t('trade.timed.duration'), value: duration ? durationLabel(duration) : '-' },
      ]}
      blocked={level ? null : t('trade.option.noLevel')}
      terms={{ level: level?.level ?? 0, duration: duration ?? 0 }}
      place={placeOption}
      onPlaced={onPlaced}
      onRefused={onRefused}
    >
      <LevelPicker config={config} chosen={level?.level} onChange={setChosenLevel} />
      <Flex vertical gap={6}>
        <Typography.Text strong>{t('trade.timed.duration')}</Typography.Text>
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
  const { t } = useTranslation('user');
  const maintenance = config.enabled && config.maintenanceMode;
  return (
    <Result
      status="warning"
      title={maintenance ? t('trade.option.maintenanceTitle') : t('trade.option.closedTitle')}
      subTitle={
        <>
          {maintenance ? t('trade.option.maintenance') : t('trade.option.disabled')}
          <br />
          {t('trade.option.stillSettle')}
        </>
      }
      data-testid="option-closed"
    />
  );
}

function OptionRules() {
  const { t } = useTranslation('user');
  return (
    <Card size="small" title={t('trade.option.rulesTitle')} data-testid="option-rules">
      <Typography.Paragraph style={{ marginBottom: 8 }}>{t('trade.option.rules')}</Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 8 }} type="secondary">
        {t('trade.option.levelRule')}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }} type="secondary">
        {t('trade.option.termsRule', {
          durations: OPTION_DURATIONS.map(durationLabel).join(t('trade.listSeparator')),
          min: OPTION_MIN_STAKE,
          max: OPTION_MAX_STAKE,
          currency: TIMED_STAKE_CURRENCY,
        })}
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
  const { t } = useTranslation('user');
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
    <QuerySection query={config} failed={t('trade.option.configFailed')} rows={10}>
      {(data) => (
        <TimedLayout
          form={
            <Flex vertical gap={16}>
              <PeriodBar config={data} onPeriodChange={refetchConfig} />
              {!data.tradable ? (
                <OptionClosed config={data} />
              ) : data.pairs.length === 0 ? (
                <Empty description={t('trade.option.noPairs')} />
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
  const { t } = useTranslation('user');
  const signedIn = useSessionSnapshot().token !== null;
  return (
    <UserPage title={t('trade.product.option')} testId="option-page">
      {signedIn ? <SignedInOption /> : <GuestOption />}
    </UserPage>
  );
}
