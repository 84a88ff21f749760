import { ADMIN_LEVEL_LABELS, type AdminLevel, type AdminView } from '@platform/contracts';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';

export interface AdminFormValues {
  email: string;
  phone: string;
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

/**
 * 添加管理员 / 编辑管理员: e-mail, phone, level. No password: a new admin sets their own through
 * the activation link the server returns (shown once after creating).
 */
export function AdminFormModal({ open, editing, isSelf, onCancel, onSubmit }: AdminFormModalProps) {
  const [form] = Form.useForm<AdminFormValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? { email: editing.email, phone: editing.phone ?? '', admin_level: editing.admin_level }
        : { email: '', phone: '', admin_level: 'admin' },
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
          {editing ? '保存' : '提交'}
        </Button>,
      ]}
    >
      <Form<AdminFormValues> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        {!editing && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="提交后须另一位超级管理员批准才会创建。提交时生成一次性激活链接（只显示一次，生效后 24 小时内有效）：新管理员通过它设置自己的密码并绑定两步验证。"
          />
        )}
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
        <Form.Item name="phone" label="手机号">
          <Input placeholder="选填" data-testid="admin-form-phone" />
        </Form.Item>
        <Form.Item
          name="admin_level"
          label="管理员级别"
          extra={
            isSelf
              ? '不能修改自己的管理员级别'
              : editing
                ? '修改级别须另一位超级管理员批准后生效（邮箱和手机号立即保存）'
                : undefined
          }
        >
          <Select options={LEVEL_OPTIONS} disabled={isSelf} data-testid="admin-form-level" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
