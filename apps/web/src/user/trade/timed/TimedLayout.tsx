import { Card, Col, Flex, Grid, Row } from 'antd';
import type { ReactNode } from 'react';

export interface TimedLayoutProps {
  /** The order form (or the product's closed state). */
  form: ReactNode;
  /** The user's contracts; null for a guest, whose rules then take the side. */
  side: ReactNode;
  rules: ReactNode;
}

/**
 * Phone: the form, the user's contracts, the rules, one under the other. From 992 px: the form and
 * the rules on the left, the contracts on the right.
 */
export function TimedLayout({ form, side, rules }: TimedLayoutProps) {
  const wide = Grid.useBreakpoint().lg === true;
  const rulesLeft = wide && side !== null;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Flex vertical gap={16}>
          <Card size="small">{form}</Card>
          {rulesLeft && rules}
        </Flex>
      </Col>
      <Col xs={24} lg={14}>
        <Flex vertical gap={16}>
          {side}
          {!rulesLeft && rules}
        </Flex>
      </Col>
    </Row>
  );
}
