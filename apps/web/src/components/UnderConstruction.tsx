import { ToolOutlined } from '@ant-design/icons';
import { Card, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The honest placeholder for a screen that later work will build: its name and 建设中. */
export function UnderConstruction({ title }: { title: string }) {
  const { t } = useTranslation('common');
  return (
    <Card data-testid="under-construction">
      <Result icon={<ToolOutlined />} title={title} subTitle={t('components.underConstruction')}>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 0 }}>
          {t('components.underConstructionText')}
        </Typography.Paragraph>
      </Result>
    </Card>
  );
}
