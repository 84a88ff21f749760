import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A user in a team table: the e-mail (cut with a tooltip) over the user id. */
export function UserCell({ email, userId }: { email: string; userId: number }) {
  const { t } = useTranslation('admin');
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text ellipsis={{ tooltip: email }} style={{ maxWidth: 220 }}>
        {email}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('team.shared.userId', { id: userId })}
      </Typography.Text>
    </Flex>
  );
}
