import {
  type AdminAnnouncement,
  CONTENT_MAX,
  CONTENT_REQUIRED_MESSAGE,
  TITLE_MAX,
  TITLE_REQUIRED_MESSAGE,
} from '@platform/contracts';
import { Form, Input } from 'antd';
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
  const [form] = Form.useForm<FormValues>();

  return (
    <FormModal<FormValues>
      title={announcement ? '编辑公告' : '添加公告'}
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
      failure={(error) => `保存失败: ${errorMessage(error, '未知错误')}`}
      onSaved={onSaved}
      onClose={onClose}
      saveTestId="announcement-save"
    >
      <Form.Item
        name="title"
        label="标题"
        rules={[{ required: true, whitespace: true, message: TITLE_REQUIRED_MESSAGE }, { max: TITLE_MAX }]}
      >
        <Input placeholder="公告标题" maxLength={TITLE_MAX} data-testid="announcement-form-title" />
      </Form.Item>
      <Form.Item
        name="content"
        label="内容"
        rules={[
          { required: true, whitespace: true, message: CONTENT_REQUIRED_MESSAGE },
          { max: CONTENT_MAX },
        ]}
      >
        <Input.TextArea
          rows={6}
          maxLength={CONTENT_MAX}
          showCount
          placeholder="公告内容"
          data-testid="announcement-form-content"
        />
      </Form.Item>
    </FormModal>
  );
}
