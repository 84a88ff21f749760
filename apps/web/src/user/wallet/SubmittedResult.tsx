import { Button, Card, Descriptions, Flex, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export interface SubmittedResultProps {
  title: string;
  subTitle: string;
  /** The status badge, kept current by the page's realtime handler. */
  status: ReactNode;
  items: { label: string; value: ReactNode }[];
  /** Where 查看记录 goes. */
  historyPath: string;
  /** 继续…: back to an empty form. */
  again: { label: string; onClick: () => void };
  testId: string;
  /** A refused request shows the error icon instead of the tick. */
  refused?: boolean;
}

/** What a deposit or withdrawal request became: its live status, the details and where to go next. */
export function SubmittedResult({
  title,
  subTitle,
  status,
  items,
  historyPath,
  again,
  testId,
  refused = false,
}: SubmittedResultProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('user');
  return (
    <Card data-testid={testId}>
      <Result
        status={refused ? 'error' : 'success'}
        title={title}
        subTitle={subTitle}
        style={{ padding: '8px 0 16px' }}
      />
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'status', label: t('wallet.status'), children: status },
          ...items.map((item) => ({
            key: item.label,
            label: item.label,
            children: item.value,
          })),
        ]}
      />
      <Flex gap={8} style={{ marginTop: 16 }}>
        <Button block size="large" onClick={() => navigate(historyPath)}>
          {t('wallet.viewRecords')}
        </Button>
        <Button block size="large" type="primary" onClick={again.onClick}>
          {again.label}
        </Button>
      </Flex>
    </Card>
  );
}
