import { type PayoutDate, payoutDateKey } from '@platform/contracts';
import { Flex, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SalaryLevelsCard } from './salary/SalaryLevelsCard.tsx';
import { SalaryPayoutTab } from './salary/SalaryPayoutTab.tsx';
import { SalaryStatisticsTab } from './salary/SalaryStatisticsTab.tsx';
import { defaultPayoutDate, payoutDateFromParams } from './salary/salaryApi.ts';

type TabKey = 'payout' | 'stats';

/**
 * 团队工资 (spec 001 §2 "Salary", contracts/team-salary.ts): two tabs. 发放管理 pays the users eligible
 * on a payout date (day 1, 11 or 21; by default the latest one on or before today in Beijing), one
 * by one or in a batch, exports the date's CSV and edits the salary levels; 统计 shows a month's
 * payouts against the month before and per level. The tab, the date and the page are kept in the
 * address (?tab=stats, ?year=2026&month=11&day=11&page=2).
 */
export default function SalaryPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [fallbackDate] = useState(() => defaultPayoutDate());
  const tab: TabKey = searchParams.get('tab') === 'stats' ? 'stats' : 'payout';
  const date = useMemo(
    () => payoutDateFromParams(searchParams) ?? fallbackDate,
    [searchParams, fallbackDate],
  );
  const rawPage = Number.parseInt(searchParams.get('page') ?? '', 10);
  const page = Number.isSafeInteger(rawPage) && rawPage > 0 ? rawPage : 1;

  const setAddress = (change: { tab?: TabKey; date?: PayoutDate; page?: number }) => {
    const next = { tab, date, page, ...change };
    const params = new URLSearchParams();
    if (next.tab !== 'payout') params.set('tab', next.tab);
    if (payoutDateKey(next.date) !== payoutDateKey(fallbackDate)) {
      params.set('year', String(next.date.year));
      params.set('month', String(next.date.month));
      params.set('day', String(next.date.day));
    }
    if (next.page > 1) params.set('page', String(next.page));
    setSearchParams(params);
  };

  return (
    <Flex vertical gap={16} data-testid="salary-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        团队工资
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setAddress({ tab: key === 'stats' ? 'stats' : 'payout' })}
        items={[
          {
            key: 'payout',
            label: <span data-testid="salary-tab-payout">发放管理</span>,
            children: (
              <Flex vertical gap={16}>
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
            label: <span data-testid="salary-tab-stats">统计</span>,
            children: <SalaryStatisticsTab />,
            destroyOnHidden: true,
          },
        ]}
      />
    </Flex>
  );
}
