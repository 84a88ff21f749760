import type { IndexComponent } from '@platform/contracts';
import { formatDateTimeMs, formatNumber } from '@platform/domain';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { venueName } from './referenceSource.ts';

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
  const { t } = useTranslation('user');
  if (!components || components.length === 0) return null;
  return (
    <Flex vertical gap={4} data-testid={testId} style={{ marginTop: 4 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('trade.medianRule')}
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
              <Typography.Text style={{ fontSize: 13 }}>{venueName(component.source)}</Typography.Text>
              <Tag color={included ? 'success' : 'default'} style={{ marginInlineEnd: 0, fontSize: 12 }}>
                {t(`trade.venueStatus.${component.status}`)}
              </Tag>
            </Flex>
            <Typography.Text
              type={included ? undefined : 'secondary'}
              style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}
            >
              {component.price === null
                ? t('trade.noQuote')
                : formatNumber(component.price, 8, { minDecimals: 2 })}
              {component.at && ` · ${formatDateTimeMs(component.at)}`}
            </Typography.Text>
          </Flex>
        );
      })}
    </Flex>
  );
}
