import { UnlockOutlined } from '@ant-design/icons';
import { ordersToOpenLevel } from '@platform/domain';
import { Card, Col, Flex, InputNumber, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/index.ts';
import { MIN_ORDERS_FALLBACK, type OptionDraft } from './draft.ts';

type MinOrders = OptionDraft['minTradeRequirements'];

/** The example under a field: what level 2 and level 3 take at this minimum. */
function example(min: number | null): string {
  if (min === null) return i18n.t('admin:trading.options.opening.enterInteger');
  return i18n.t('admin:trading.options.opening.example', {
    l2: ordersToOpenLevel(2, min),
    l3: ordersToOpenLevel(3, min),
  });
}

function MinOrdersField(props: {
  label: string;
  value: number | null;
  usable: number | null;
  invalid: boolean;
  onChange: (value: number | null) => void;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <Flex vertical gap={6}>
      <Typography.Text strong>{props.label}</Typography.Text>
      <InputNumber<number>
        value={props.value}
        onChange={props.onChange}
        placeholder={String(MIN_ORDERS_FALLBACK)}
        suffix={t('trading.options.opening.perLevel')}
        status={props.invalid ? 'error' : undefined}
        style={{ width: 180 }}
        aria-label={props.label}
        data-testid={props.testId}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${props.testId}-example`}>
        {example(props.usable)}
      </Typography.Text>
    </Flex>
  );
}

export interface OpeningConditionsCardProps {
  value: MinOrders;
  /** The values as they would be saved (empty falls back to 1), or null when not a valid minimum. */
  usable: MinOrders;
  invalid: ReadonlySet<string>;
  onChange: (next: MinOrders) => void;
}

/** 等级开放条件: how many valid orders open each level above the first, per period type. */
export function OpeningConditionsCard({ value, usable, invalid, onChange }: OpeningConditionsCardProps) {
  const { t } = useTranslation('admin');
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <UnlockOutlined />
          {t('trading.options.section.minTradeRequirements')}
        </Flex>
      }
      data-testid="option-opening-card"
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('trading.options.opening.note')}
      </Typography.Paragraph>
      <Row gutter={[24, 16]}>
        <Col xs={24} md={12}>
          <MinOrdersField
            label={t('trading.options.opening.windowTime')}
            value={value.windowTime}
            usable={usable.windowTime}
            invalid={invalid.has('minTradeRequirements.windowTime')}
            onChange={(windowTime) => onChange({ ...value, windowTime })}
            testId="min-orders-window"
          />
        </Col>
        <Col xs={24} md={12}>
          <MinOrdersField
            label={t('trading.options.opening.nonWindowTime')}
            value={value.nonWindowTime}
            usable={usable.nonWindowTime}
            invalid={invalid.has('minTradeRequirements.nonWindowTime')}
            onChange={(nonWindowTime) => onChange({ ...value, nonWindowTime })}
            testId="min-orders-non-window"
          />
        </Col>
      </Row>
    </Card>
  );
}
