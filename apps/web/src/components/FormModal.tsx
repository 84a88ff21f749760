import { App, Button, Form, type FormInstance, type FormProps, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormModalProps<T extends object> {
  title: string;
  width: number;
  /** Editing an existing item (保存, 更新成功) rather than adding one (添加, 添加成功). */
  editing: boolean;
  form: FormInstance<T>;
  initialValues: T;
  /** Sends the form's values; a rejection is shown as `failure(error)` and keeps the modal open. */
  save: (values: T) => Promise<unknown>;
  failure: (error: unknown) => string;
  /** The success text from what `save` resolved to (the server's message, e.g. a proposal's 已提交…); 更新成功/添加成功 without it. */
  savedMessage?: (result: unknown) => string;
  onSaved: () => void;
  onClose: () => void;
  /** Keeps the save button disabled (e.g. while a file uploads). */
  saveDisabled?: boolean;
  saveTestId: string;
  formTestId?: string;
  onFinishFailed?: FormProps<T>['onFinishFailed'];
  onValuesChange?: FormProps<T>['onValuesChange'];
  children: ReactNode;
}

/**
 * An add/edit modal around a vertical form: 取消 and 保存/添加 in the footer; saving shows
 * 更新成功/添加成功 and calls onSaved, or shows the failure as a message with what was typed kept.
 * Mount it only while open, so that each opening starts from `initialValues`.
 */
export function FormModal<T extends object>({
  title,
  width,
  editing,
  form,
  initialValues,
  save,
  failure,
  savedMessage,
  onSaved,
  onClose,
  saveDisabled,
  saveTestId,
  formTestId,
  onFinishFailed,
  onValuesChange,
  children,
}: FormModalProps<T>) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const submit = async (values: T) => {
    setSaving(true);
    try {
      const result = await save(values);
      message.success(
        savedMessage ? savedMessage(result) : editing ? t('components.updated') : t('components.added'),
      );
      onSaved();
    } catch (error) {
      message.error(failure(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      maskClosable={false}
      width={width}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={saving}
          disabled={saveDisabled}
          onClick={() => form.submit()}
          data-testid={saveTestId}
        >
          {editing ? t('components.save') : t('components.add')}
        </Button>,
      ]}
    >
      <Form<T>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void submit(values)}
        onFinishFailed={onFinishFailed}
        onValuesChange={onValuesChange}
        data-testid={formTestId}
      >
        {children}
      </Form>
    </Modal>
  );
}
