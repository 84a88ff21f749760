import { LeftOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export interface UserPageProps {
  title: ReactNode;
  /** Where the back arrow goes; without it no arrow is shown (top-level tabs). */
  back?: string;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** The frame of one user screen: a title row (with a back arrow on sub-screens) and the content. */
export function UserPage({ title, back, extra, children, testId }: UserPageProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('user');
  return (
    <Flex vertical gap={12} data-testid={testId}>
      <Flex align="center" justify="space-between" gap={8} style={{ minHeight: 40 }}>
        <Flex align="center" gap={4} style={{ minWidth: 0 }}>
          {back && (
            <Button
              type="text"
              icon={<LeftOutlined />}
              aria-label={t('shell.back')}
              onClick={() => navigate(back)}
            />
          )}
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
            {title}
          </Typography.Title>
        </Flex>
        {extra}
      </Flex>
      {children}
    </Flex>
  );
}
