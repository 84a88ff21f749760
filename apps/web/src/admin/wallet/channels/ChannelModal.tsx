import { App, Button, Checkbox, Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

/** What the add/edit modal of either kind of channel takes. */
export interface ChannelFormModalProps<C> {
  /** The channel being edited, or null to add one. */
  channel: C | null;
  currencies: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}

export interface ChannelModalProps {
  title: string;
  /** Editing an existing channel (保存) rather than adding one (添加). */
  editing: boolean;
  saving: boolean;
  /** Keeps the save button disabled (e.g. while a file uploads). */
  saveDisabled?: boolean;
  onSave: () => void;
  onClose: () => void;
  saveTestId: string;
  children: ReactNode;
}

/** The add/edit channel modal: 取消 and 保存/添加 in the footer, the form inside. */
export function ChannelModal({
  title,
  editing,
  saving,
  saveDisabled,
  onSave,
  onClose,
  saveTestId,
  children,
}: ChannelModalProps) {
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      maskClosable={false}
      width={560}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={saving}
          disabled={saveDisabled}
          onClick={onSave}
          data-testid={saveTestId}
        >
          {editing ? '保存' : '添加'}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}

/**
 * Saving the form: 更新成功/添加成功 and onSaved, or the failure text the screen gives as a message
 * (the modal stays open with what was typed).
 */
export function useChannelSave<T>(
  save: (values: T) => Promise<unknown>,
  {
    editing,
    failure,
    onSaved,
  }: { editing: boolean; failure: (error: unknown) => string; onSaved: () => void },
) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const submit = async (values: T) => {
    setSaving(true);
    try {
      await save(values);
      message.success(editing ? '更新成功' : '添加成功');
      onSaved();
    } catch (error) {
      message.error(failure(error));
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit };
}

/** 描述 and 启用此渠道, the last two fields of both channel forms (fields `description`, `active`). */
export function DescriptionAndStatusItems({ testIdPrefix }: { testIdPrefix: string }) {
  return (
    <>
      <Form.Item label="描述" name="description">
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={500}
          placeholder="给用户的说明（可选）"
          data-testid={`${testIdPrefix}-description`}
        />
      </Form.Item>
      <Form.Item name="active" valuePropName="checked" style={{ marginBottom: 0 }}>
        <Checkbox data-testid={`${testIdPrefix}-status`}>启用此渠道</Checkbox>
      </Form.Item>
    </>
  );
}
