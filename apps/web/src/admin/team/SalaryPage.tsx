import { type PayoutDate, payoutDateKey } from '@platform/contracts';
import { Flex, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { param, useListParams } from '../../lib/listParams.ts';
import { SalaryLevelsCard } from './salary/SalaryLevelsCard.tsx';
import { SalaryPayoutTab } from './salary/SalaryPayoutTab.tsx';
import { SalaryStatisticsTab } from './salary/SalaryStatisticsTab.tsx';
import { defaultPayoutDate, payoutDateFromParams } from './salary/salaryApi.ts';
import { PendingPayoutApprovals } from './shared/PendingPayoutApprovals.tsx';

type TabKey = 'payout' | 'stats';

/**
 * The address: ?tab=stats, ?year=2026&month=11&day=11&page=2. The date is read whole (a payout day
 * of an offered year) or not at all; 0 is "the default date", left out of the address.
 */
const SALARY_PARAMS = {
  tab: { ...param.oneOf<TabKey>(['payout', 'stats'], 'payout'), keepsPage: true },
  year: param.int(0, 1, 9999),
  month: param.int(0, 1, 12),
  day: param.int(0, 1, 31),
  page: param.page(),
};

/**
 * 团队工资 (spec 001 §2 "Salary", contracts/team-salary.ts): two tabs. 发放管理 pays the users eligible
 * on a payout date (day 1, 11 or 21; by default the latest one on or before today in Beijing), one
 * by one or in a batch, exports the date's CSV and edits the salary levels; 统计 shows a month's
 * payouts against the month before and per level. Above the list, 待复核发放 (when any waits) lets
 * a second admin complete or reject a payout another admin recorded. The tab, the date and the page are kept in the
 * address (SALARY_PARAMS).
 */
export default function SalaryPage() {
  const { t } = useTranslation('admin');
  const [address, setParams] = useListParams(SALARY_PARAMS);
  const [fallbackDate] = useState(() => defaultPayoutDate());
  const { tab, page } = address;
  const date = useMemo(() => {
    const { year, month, day } = address;
    const params = new URLSearchParams({ year: String(year), month: String(month), day: String(day) });
    return payoutDateFromParams(params) ?? fallbackDate;
  }, [address, fallbackDate]);

  const setAddress = (change: { tab?: TabKey; date?: PayoutDate; page?: number }) => {
    const { date: nextDate, ...rest } = change;
    if (!nextDate) {
      setParams(rest);
      return;
    }
    const isDefault = payoutDateKey(nextDate) === payoutDateKey(fallbackDate);
    setParams({
      ...rest,
      year: isDefault ? 0 : nextDate.year,
      month: isDefault ? 0 : nextDate.month,
      day: isDefault ? 0 : nextDate.day,
    });
  };

  return (
    <Flex vertical gap={16} data-testid="salary-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('team.salary.title')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setAddress({ tab: key === 'stats' ? 'stats' : 'payout' })}
        items={[
          {
            key: 'payout',
            label: <span data-testid="salary-tab-payout">{t('team.salary.tabs.payout')}</span>,
            children: (
              <Flex vertical gap={16}>
                <PendingPayoutApprovals kind="salary" />
                <SalaryPayoutTab
                  key={payoutDateKey(date)}
                  date={date}
                  page={page}
                  onQuery={(next) => setAddress({ date: next, page: 1 })}
                  onPage={(next) => setAddress({ page: next })}
                />
                <SalaryLevelsCard />
              </Flex>
            ),
          },
          {
            key: 'stats',
            label: <span data-testid="salary-tab-stats">{t('team.salary.tabs.stats')}</span>,
            children: <SalaryStatisticsTab />,
            destroyOnHidden: true,
          },
        ]}
      />
    </Flex>
  );
}
