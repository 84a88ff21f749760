import { Flex, Typography } from 'antd';

/** A user in a team table: the e-mail (cut with a tooltip) over the user id. */
export function UserCell({ email, userId }: { email: string; userId: number }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text ellipsis={{ tooltip: email }} style={{ maxWidth: 220 }}>
        {email}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        用户ID {userId}
      </Typography.Text>
    </Flex>
  );
}
