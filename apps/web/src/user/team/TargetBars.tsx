import { formatCount } from '@platform/domain';
import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Requirement, TargetProgress } from './teamProgress.ts';

function Bar({ label, req, testId }: { label: string; req: Requirement; testId: string }) {
  return (
    <div data-testid={testId}>
      <Flex justify="space-between" gap={8}>
        <Typography.Text style={{ fontSize: 13 }}>{label}</Typography.Text>
        <Typography.Text style={{ fontSize: 13, fontVariantNumeric: 'tabular-nums' }}>
          <span data-testid={`${testId}-count`}>
            {formatCount(req.have)} / {formatCount(req.need)}
          </span>
        </Typography.Text>
      </Flex>
      <Progress
        percent={req.percent}
        showInfo={false}
        status={req.missing === 0 ? 'success' : 'active'}
        size="small"
        aria-label={`${label} ${req.percent}%`}
      />
    </div>
  );
}

/**
 * What is missing for the next tier or salary level — 还差 直推 x 人 / 团队 y 人 — over one bar per
 * requirement (both must be met).
 */
export function TargetBars({ progress, testId }: { progress: TargetProgress; testId: string }) {
  const { t } = useTranslation('user');
  const { direct, team } = progress;
  const missing = [
    direct.missing > 0 ? t('team.target.direct', { n: formatCount(direct.missing) }) : null,
    team.missing > 0 ? t('team.target.team', { n: formatCount(team.missing) }) : null,
  ].filter(Boolean);
  return (
    <Flex vertical gap={6} data-testid={testId}>
      <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid={`${testId}-missing`}>
        {missing.length > 0
          ? t('team.target.missing', { missing: missing.join(t('team.listSeparator')) })
          : t('team.target.met')}
      </Typography.Text>
      <Bar label={t('team.target.directBar')} req={direct} testId={`${testId}-direct`} />
      <Bar label={t('team.target.teamBar')} req={team} testId={`${testId}-team`} />
    </Flex>
  );
}
