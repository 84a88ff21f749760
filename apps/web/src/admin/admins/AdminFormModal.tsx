import type { AdminLevel, AdminView } from '@platform/contracts';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

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

const LEVELS = ['admin', 'super_admin'] as const;

/**
 * 添加管理员 / 编辑管理员: e-mail, phone, level. No password: a new admin sets their own through
 * the activation link the server returns (shown once after creating).
 */
export function AdminFormModal({ open, editing, isSelf, onCancel, onSubmit }: AdminFormModalProps) {
  const { t } = useTranslation('admin');
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
      title={editing ? t('admins.editTitle') : t('admins.addTitle')}
      onCancel={onCancel}
      forceRender
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('admins.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          loading={saving}
          onClick={() => form.submit()}
          data-testid="admin-form-submit"
        >
          {editing ? t('admins.save') : t('admins.submit')}
        </Button>,
      ]}
    >
      <Form<AdminFormValues> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        {!editing && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('admins.createNote')} />
        )}
        <Form.Item
          name="email"
          label={t('admins.email')}
          rules={[
            { required: true, message: t('admins.emailRequired') },
            { type: 'email', message: t('admins.emailInvalid') },
          ]}
        >
          <Input type="email" autoComplete="off" data-testid="admin-form-email" />
        </Form.Item>
        <Form.Item name="phone" label={t('admins.phone')}>
          <Input placeholder={t('admins.optional')} data-testid="admin-form-phone" />
        </Form.Item>
        <Form.Item
          name="admin_level"
          label={t('admins.adminLevel')}
          extra={isSelf ? t('admins.ownLevel') : editing ? t('admins.levelByProposal') : undefined}
        >
          <Select
            options={LEVELS.map((level) => ({ value: level, label: t(`level.${level}`) }))}
            disabled={isSelf}
            data-testid="admin-form-level"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
