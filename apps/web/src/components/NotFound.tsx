import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function NotFound({ home = '/' }: { home?: string }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('components.notFoundTitle')}
      subTitle={t('components.notFoundText')}
      extra={
        <Button type="primary" onClick={() => navigate(home)}>
          {t('components.backHome')}
        </Button>
      }
    />
  );
}
