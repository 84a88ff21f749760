import type { AdminAnnouncement, AdminCarouselItem } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnouncementModal } from './AnnouncementModal.tsx';
import { CarouselModal } from './CarouselModal.tsx';
import { HomeTable } from './HomeTable.tsx';
import {
  ANNOUNCEMENTS_KEY,
  CAROUSEL_KEY,
  deleteAnnouncement,
  deleteCarousel,
  fetchAnnouncements,
  fetchCarousel,
  reorderAnnouncements,
  reorderCarousel,
  saveAnnouncement,
  saveCarousel,
} from './homeApi.ts';
import { SupportContactTab } from './SupportContactTab.tsx';

type Editing<T> = { row: T | null } | null;

/** The slide's picture: the uploaded image (signed URL) or the external one. */
function Thumbnail({ item }: { item: AdminCarouselItem }) {
  const { t } = useTranslation('admin');
  const [failed, setFailed] = useState(false);
  if (!item.image_src || failed) {
    return (
      <Typography.Text type="secondary">
        {item.image_src ? t('home.carousel.imageFailed') : t('home.carousel.noImage')}
      </Typography.Text>
    );
  }
  return (
    <img
      src={item.image_src}
      alt={item.title}
      onError={() => setFailed(true)}
      data-testid={`carousel-thumb-${item.id}`}
      style={{
        width: 120,
        height: 52,
        objectFit: 'cover',
        borderRadius: 4,
        background: '#f5f5f5',
        display: 'block',
      }}
    />
  );
}

function CarouselTab() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing<AdminCarouselItem>>(null);
  return (
    <>
      <HomeTable<AdminCarouselItem>
        texts={{
          add: t('home.carousel.add'),
          deleteText: (title) => t('home.carousel.deleteText', { title }),
        }}
        testPrefix="carousel"
        queryKey={CAROUSEL_KEY}
        fetch={fetchCarousel}
        errorTitle={t('home.carousel.loadFailed')}
        emptyText={t('home.carousel.empty')}
        columns={[
          {
            title: t('home.carousel.image'),
            key: 'image',
            width: 140,
            render: (_, row) => <Thumbnail item={row} />,
          },
          {
            title: t('home.carousel.link'),
            key: 'link',
            ellipsis: true,
            render: (_, row) => row.link_url || <Typography.Text type="secondary">-</Typography.Text>,
          },
        ]}
        setPublished={(id, is_published) => saveCarousel(id, { is_published })}
        reorder={reorderCarousel}
        remove={deleteCarousel}
        onAdd={() => setEditing({ row: null })}
        onEdit={(row) => setEditing({ row })}
      />
      {editing && (
        <CarouselModal
          item={editing.row}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: CAROUSEL_KEY });
          }}
        />
      )}
    </>
  );
}

function AnnouncementsTab() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing<AdminAnnouncement>>(null);
  return (
    <>
      <HomeTable<AdminAnnouncement>
        texts={{
          add: t('home.announcement.add'),
          deleteText: (title) => t('home.announcement.deleteText', { title }),
        }}
        testPrefix="announcement"
        queryKey={ANNOUNCEMENTS_KEY}
        fetch={fetchAnnouncements}
        errorTitle={t('home.announcement.loadFailed')}
        emptyText={t('home.announcement.empty')}
        columns={[
          {
            title: t('home.announcement.content'),
            key: 'content',
            render: (_, row) => (
              <Typography.Paragraph
                type="secondary"
                ellipsis={{ rows: 2 }}
                style={{ margin: 0, maxWidth: 360 }}
              >
                {row.content}
              </Typography.Paragraph>
            ),
          },
          {
            title: t('home.announcement.publishedAt'),
            key: 'published_at',
            width: 170,
            render: (_, row) => (row.is_published ? formatDateTime(row.published_at) : '-'),
          },
        ]}
        setPublished={(id, is_published) => saveAnnouncement(id, { is_published })}
        reorder={reorderAnnouncements}
        remove={deleteAnnouncement}
        onAdd={() => setEditing({ row: null })}
        onEdit={(row) => setEditing({ row })}
      />
      {editing && (
        <AnnouncementModal
          announcement={editing.row}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY });
          }}
        />
      )}
    </>
  );
}

/** 首页内容: the home page's carousel slides and announcements, and the support contact. */
export default function HomeContentPage() {
  const { t } = useTranslation('admin');
  return (
    <Card title={t('home.title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'carousel', label: t('home.tabs.carousel'), children: <CarouselTab /> },
          { key: 'announcements', label: t('home.tabs.announcements'), children: <AnnouncementsTab /> },
          { key: 'support', label: t('home.tabs.support'), children: <SupportContactTab /> },
        ]}
      />
    </Card>
  );
}
