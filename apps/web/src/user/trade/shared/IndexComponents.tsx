import { type IndexComponent, PRICE_SOURCE_STATUS_LABELS, priceSourceLabel } from '@platform/contracts';
import { formatDateTimeMs, formatNumber } from '@platform/domain';
import { Flex, Tag, Typography } from 'antd';

export const MEDIAN_RULE_TEXT = '参考价 = 计入来源价格的中位数';

/**
 * The venues behind a reference price (issue 30), so that the user can recompute it: each source
 * with its price (as recorded, up to 8 places), when it observed it, and whether it was included or
 * left out and why. Nothing for a price recorded before the index (components null).
 */
export function IndexComponents({
  components,
  testId,
}: {
  components: readonly IndexComponent[] | null;
  testId: string;
}) {
  if (!components || components.length === 0) return null;
  return (
    <Flex vertical gap={4} data-testid={testId} style={{ marginTop: 4 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {MEDIAN_RULE_TEXT}
      </Typography.Text>
      {components.map((component) => {
        const included = component.status === 'included';
        return (
          <Flex
            key={component.source}
            vertical
            style={{ padding: '4px 8px', background: 'var(--app-subtle)', borderRadius: 4 }}
            data-testid={`${testId}-${component.source}`}
          >
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Typography.Text style={{ fontSize: 13 }}>{priceSourceLabel(component.source)}</Typography.Text>
              <Tag color={included ? 'success' : 'default'} style={{ marginInlineEnd: 0, fontSize: 12 }}>
                {PRICE_SOURCE_STATUS_LABELS[component.status]}
              </Tag>
            </Flex>
            <Typography.Text
              type={included ? undefined : 'secondary'}
              style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}
            >
              {component.price === null ? '无报价' : formatNumber(component.price, 8, { minDecimals: 2 })}
              {component.at && ` · ${formatDateTimeMs(component.at)}`}
            </Typography.Text>
          </Flex>
        );
      })}
    </Flex>
  );
}
