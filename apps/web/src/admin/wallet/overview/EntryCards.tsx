import { DownloadOutlined, RightOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import type { WalletOverview } from '@platform/contracts';
import { Badge, Card, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type EntryCard, entryCards } from './walletOverviewApi.ts';

const ICONS: Record<EntryCard['key'], React.ReactNode> = {
  deposits: <DownloadOutlined style={{ fontSize: 24, color: '#389e0d' }} />,
  withdrawals: <UploadOutlined style={{ fontSize: 24, color: '#cf1322' }} />,
  users: <UserOutlined style={{ fontSize: 24, color: '#1677ff' }} />,
};

/** Entry cards to deposits, withdrawals and users, with a pending badge only when the count is above 0. */
export function EntryCards({ data }: { data: WalletOverview }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <Row gutter={[16, 16]}>
      {entryCards(data).map((card) => (
        <Col key={card.key} xs={24} md={8}>
          <Card
            hoverable
            size="small"
            onClick={() => navigate(card.path)}
            data-testid={`wallet-entry-${card.key}`}
          >
            <Flex align="center" gap={16}>
              {ICONS[card.key]}
              <Flex vertical flex={1}>
                <Flex align="center" gap={8}>
                  <Typography.Text strong>{t(`walletOverview.entries.${card.key}.title`)}</Typography.Text>
                  {card.pending > 0 && (
                    <Badge
                      count={card.pending}
                      overflowCount={999}
                      data-testid={`wallet-entry-badge-${card.key}`}
                    />
                  )}
                </Flex>
                <Typography.Text type="secondary">
                  {t(`walletOverview.entries.${card.key}.description`)}
                </Typography.Text>
              </Flex>
              <RightOutlined />
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
