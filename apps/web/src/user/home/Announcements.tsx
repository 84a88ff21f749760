import { NotificationOutlined, RightOutlined } from '@ant-design/icons';
import type { AnnouncementItem } from '@platform/contracts';
import { formatDate, formatDateTime } from '@platform/domain';
import { Button, Card, Empty, Flex, Modal, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionError } from '../../components/SectionError.tsx';
import { useAnnouncements } from './homeApi.ts';

/** How many announcements the card lists before 查看全部. */
const FIRST_SHOWN = 3;

function AnnouncementLine({ item, onOpen }: { item: AnnouncementItem; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid={`announcement-${item.id}`}
      style={{
        width: '100%',
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '10px 0',
        border: 0,
        borderBottom: '1px solid var(--app-divider)',
        background: 'transparent',
        cursor: 'pointer',
        textAlign: 'left',
        font: 'inherit',
        color: 'inherit',
      }}
    >
      <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }}>
        {item.title}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
        {formatDate(item.published_at)}
      </Typography.Text>
      <RightOutlined style={{ color: '#bfbfbf', fontSize: 10 }} />
    </button>
  );
}

/** 平台公告: the latest titles; one opens its full text. */
export function Announcements() {
  const announcements = useAnnouncements();
  const [expanded, setExpanded] = useState(false);
  const [open, setOpen] = useState<AnnouncementItem | null>(null);
  const { t } = useTranslation('user');

  let body: ReactNode;
  if (announcements.isPending) body = <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  else if (announcements.isError) {
    body = (
      <SectionError
        title={t('home.announcementsFailed')}
        reason={announcements.error.message}
        onRetry={() => void announcements.refetch()}
        retrying={announcements.isFetching}
        testId="announcements-error"
      />
    );
  } else if (announcements.data.length === 0) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('home.noAnnouncements')}
        style={{ margin: '8px 0' }}
      />
    );
  } else {
    const items = expanded ? announcements.data : announcements.data.slice(0, FIRST_SHOWN);
    body = items.map((item) => <AnnouncementLine key={item.id} item={item} onOpen={() => setOpen(item)} />);
  }

  const more = (announcements.data?.length ?? 0) > FIRST_SHOWN;
  return (
    <Card
      size="small"
      title={
        <Flex align="center" gap={6}>
          <NotificationOutlined style={{ color: '#1677ff' }} />
          {t('home.announcements')}
        </Flex>
      }
      extra={
        more && (
          <Button
            type="link"
            size="small"
            onClick={() => setExpanded((v) => !v)}
            data-testid="announcements-more"
          >
            {expanded ? t('home.collapse') : t('home.viewAll', { count: announcements.data?.length })}
          </Button>
        )
      }
      styles={{ body: { paddingTop: 0, paddingBottom: 4 } }}
      data-testid="home-announcements"
    >
      {body}
      <Modal
        open={open !== null}
        title={open?.title}
        onCancel={() => setOpen(null)}
        footer={
          <Button type="primary" onClick={() => setOpen(null)}>
            {t('home.gotIt')}
          </Button>
        }
        data-testid="announcement-detail"
      >
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(open?.published_at)}
        </Typography.Text>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 12, marginBottom: 0 }}>
          {open?.content}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}
