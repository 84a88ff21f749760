import { changePassword } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordChangeFields, type PasswordChangeValues } from '../../components/PasswordFields.tsx';
import { call } from '../../lib/request.ts';

/**
 * 修改密码 from the back office header (issue 33): the user app's fields (PasswordChangeFields) in
 * a modal. The server keeps this session and signs the admin's other devices out.
 */
export function AdminPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<PasswordChangeValues>();
  const { message } = App.useApp();
  const { t } = useTranslation('admin');
  const change = useMutation({
    mutationFn: (values: PasswordChangeValues) =>
      call(changePassword, { body: { oldPassword: values.oldPassword, newPassword: values.newPassword } }),
    onSuccess: (reply) => {
      message.success(reply.message || t('shell.passwordChanged'));
      form.resetFields();
      onClose();
    },
  });
  const close = () => {
    form.resetFields();
    change.reset();
    onClose();
  };
  return (
    <Modal
      title={t('shell.changePassword')}
      open={open}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('shell.confirmChange')}
      confirmLoading={change.isPending}
      destroyOnHidden
      data-testid="admin-password-modal"
    >
      {change.isError && (
        <Alert
          type="error"
          showIcon
          title={change.error.message}
          style={{ marginBottom: 16 }}
          data-testid="admin-password-error"
        />
      )}
      <Form<PasswordChangeValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={change.isPending}
        onFinish={(values) => change.mutate(values)}
      >
        <PasswordChangeFields />
      </Form>
    </Modal>
  );
}
