import {
  ADMIN_LEVEL_LABELS,
  type AdminLevel,
  type AdminView,
  MIN_PASSWORD_LENGTH,
} from '@platform/contracts';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';

export interface AdminFormValues {
  email: string;
  phone: string;
  password: string;
  admin_level: AdminLevel;
}

export interface AdminFormModalProps {
  open: boolean;
  /** The admin being edited; null adds a new one. */
  editing: AdminView | null;
  /** Editing yourself: the level cannot change. */
  isSelf: boolean;
  onCancel: () => void;
  /** Resolves when saved; rejects (after showing the error) to keep the modal open. */
  onSubmit: (values: AdminFormValues) => Promise<void>;
}

const LEVEL_OPTIONS = (['admin', 'super_admin'] as const).map((level) => ({
  value: level,
  label: ADMIN_LEVEL_LABELS[level],
}));

const passwordTooShort = `密码至少${MIN_PASSWORD_LENGTH}位`;

/** 添加管理员 / 编辑管理员: e-mail, phone, password (blank keeps it when editing), level. */
export function AdminFormModal({ open, editing, isSelf, onCancel, onSubmit }: AdminFormModalProps) {
  const [form] = Form.useForm<AdminFormValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? { email: editing.email, phone: editing.phone ?? '', password: '', admin_level: editing.admin_level }
        : { email: '', phone: '', password: '', admin_level: 'admin' },
    );
  }, [open, editing, form]);

  const submit = async (values: AdminFormValues) => {
    setSaving(true);
    try {
      await onSubmit(values);
    } catch {
      // The page has shown the error; the form stays open for a correction.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑管理员' : '添加管理员'}
      onCancel={onCancel}
      forceRender
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button
          key="submit"
          type="primary"
          loading={saving}
          onClick={() => form.submit()}
          data-testid="admin-form-submit"
        >
          {editing ? '保存' : '创建'}
        </Button>,
      ]}
    >
      <Form<AdminFormValues> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="email"
          label="邮箱"
          rules={[
            { required: true, message: '请输入邮箱' },
            { type: 'email', message: '邮箱格式不正确' },
          ]}
        >
          <Input type="email" autoComplete="off" data-testid="admin-form-email" />
        </Form.Item>
        <Form.Item
          name="password"
          label="密码"
          extra={editing ? '留空则不修改密码' : undefined}
          rules={
            editing
              ? [{ min: MIN_PASSWORD_LENGTH, message: passwordTooShort }]
              : [
                  { required: true, message: '请输入密码' },
                  { min: MIN_PASSWORD_LENGTH, message: passwordTooShort },
                ]
          }
        >
          <Input.Password
            autoComplete="new-password"
            placeholder={editing ? '留空则不修改' : `至少${MIN_PASSWORD_LENGTH}位`}
            data-testid="admin-form-password"
          />
        </Form.Item>
        <Form.Item name="phone" label="手机号">
          <Input placeholder="选填" data-testid="admin-form-phone" />
        </Form.Item>
        <Form.Item
          name="admin_level"
          label="管理员级别"
          extra={isSelf ? '不能修改自己的管理员级别' : undefined}
        >
          <Select options={LEVEL_OPTIONS} disabled={isSelf} data-testid="admin-form-level" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
