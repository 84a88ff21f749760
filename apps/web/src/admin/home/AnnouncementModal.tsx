import { type AdminAnnouncement, CONTENT_MAX, TITLE_MAX } from '@platform/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal.tsx';
import { errorMessage } from '../../lib/request.ts';
import { saveAnnouncement } from './homeApi.ts';

interface FormValues {
  title: string;
  content: string;
}

export interface AnnouncementModalProps {
  announcement: AdminAnnouncement | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 添加/编辑公告: title and content. */
export function AnnouncementModal({ announcement, onClose, onSaved }: AnnouncementModalProps) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<FormValues>();

  return (
    <FormModal<FormValues>
      title={announcement ? t('home.announcement.edit') : t('home.announcement.add')}
      width={600}
      editing={announcement !== null}
      form={form}
      initialValues={{ title: announcement?.title ?? '', content: announcement?.content ?? '' }}
      save={(values) =>
        saveAnnouncement(announcement?.id ?? null, {
          title: values.title.trim(),
          content: values.content.trim(),
        })
      }
      failure={(error) => t('home.saveFailed', { reason: errorMessage(error, t('home.unknownError')) })}
      onSaved={onSaved}
      onClose={onClose}
      saveTestId="announcement-save"
    >
      <Form.Item
        name="title"
        label={t('home.table.title')}
        rules={[{ required: true, whitespace: true, message: t('home.required.title') }, { max: TITLE_MAX }]}
      >
        <Input
          placeholder={t('home.announcement.titlePlaceholder')}
          maxLength={TITLE_MAX}
          data-testid="announcement-form-title"
        />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('home.announcement.content')}
        rules={[
          { required: true, whitespace: true, message: t('home.required.content') },
          { max: CONTENT_MAX },
        ]}
      >
        <Input.TextArea
          rows={6}
          maxLength={CONTENT_MAX}
          showCount
          placeholder={t('home.announcement.contentPlaceholder')}
          data-testid="announcement-form-content"
        />
      </Form.Item>
    </FormModal>
  );
}
