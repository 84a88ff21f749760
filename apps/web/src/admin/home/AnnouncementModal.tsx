import {
  type AdminAnnouncement,
  CONTENT_MAX,
  CONTENT_REQUIRED_MESSAGE,
  TITLE_MAX,
  TITLE_REQUIRED_MESSAGE,
} from '@platform/contracts';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
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
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      await saveAnnouncement(announcement?.id ?? null, {
        title: values.title.trim(),
        content: values.content.trim(),
      });
      message.success(announcement ? '更新成功' : '添加成功');
      onSaved();
    } catch (error) {
      message.error(`保存失败: ${errorMessage(error, '未知错误')}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={announcement ? '编辑公告' : '添加公告'}
      onCancel={onClose}
      maskClosable={false}
      width={600}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={saving}
          onClick={() => form.submit()}
          data-testid="announcement-save"
        >
          {announcement ? '保存' : '添加'}
        </Button>,
      ]}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ title: announcement?.title ?? '', content: announcement?.content ?? '' }}
        onFinish={(values) => void submit(values)}
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
      </Form>
    </Modal>
  );
}
