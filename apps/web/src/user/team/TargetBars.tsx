import { formatCount } from '@platform/domain';
import { Flex, Progress, Typography } from 'antd';
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
  const { direct, team } = progress;
  const missing = [
    direct.missing > 0 ? `直推 ${formatCount(direct.missing)} 人` : null,
    team.missing > 0 ? `团队 ${formatCount(team.missing)} 人` : null,
  ].filter(Boolean);
  return (
    <Flex vertical gap={6} data-testid={testId}>
      <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid={`${testId}-missing`}>
        {missing.length > 0 ? `还差 ${missing.join('、')}（已充值成员）` : '条件已满足'}
      </Typography.Text>
      <Bar label="直推已充值" req={direct} testId={`${testId}-direct`} />
      <Bar label="团队已充值" req={team} testId={`${testId}-team`} />
    </Flex>
  );
}
