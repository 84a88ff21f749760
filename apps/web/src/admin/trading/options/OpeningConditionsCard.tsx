import { UnlockOutlined } from '@ant-design/icons';
import { ordersToOpenLevel } from '@platform/domain';
import { Card, Col, Flex, InputNumber, Row, Typography } from 'antd';
import { MIN_ORDERS_FALLBACK, type OptionDraft } from './draft.ts';

type MinOrders = OptionDraft['minTradeRequirements'];

/** The example under a field: what level 2 and level 3 take at this minimum. */
function example(min: number | null): string {
  if (min === null) return '请输入不小于 1 的整数';
  return `例如：L2 需 ${ordersToOpenLevel(2, min)} 笔，L3 需 ${ordersToOpenLevel(3, min)} 笔有效订单`;
}

function MinOrdersField(props: {
  label: string;
  value: number | null;
  usable: number | null;
  invalid: boolean;
  onChange: (value: number | null) => void;
  testId: string;
}) {
  return (
    <Flex vertical gap={6}>
      <Typography.Text strong>{props.label}</Typography.Text>
      <InputNumber<number>
        value={props.value}
        onChange={props.onChange}
        placeholder={String(MIN_ORDERS_FALLBACK)}
        suffix="笔 / 级"
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
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <UnlockOutlined />
          等级开放条件
        </Flex>
      }
      data-testid="option-opening-card"
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        等级 L（L ≥ 2）在用户于当前时段类型（窗口期或非窗口期）累计 (L−1) × N 笔有效订单后开放，N
        为该时段的每级最少有效订单数；L1 始终开放。N 为不小于 1 的整数，留空按 1 计。
      </Typography.Paragraph>
      <Row gutter={[24, 16]}>
        <Col xs={24} md={12}>
          <MinOrdersField
            label="窗口期每级最少有效订单数"
            value={value.windowTime}
            usable={usable.windowTime}
            invalid={invalid.has('minTradeRequirements.windowTime')}
            onChange={(windowTime) => onChange({ ...value, windowTime })}
            testId="min-orders-window"
          />
        </Col>
        <Col xs={24} md={12}>
          <MinOrdersField
            label="非窗口期每级最少有效订单数"
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
