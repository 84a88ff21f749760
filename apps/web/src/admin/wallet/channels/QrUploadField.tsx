import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { QR_IMAGE_ACCEPT, QR_MAX_BYTES } from '@platform/contracts';
import { App, Button, Flex, Space, Typography } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrImage } from '../../../components/QrImage.tsx';
import { type ImageUploadRule, imageUploadProblem } from '../../../lib/imageUpload.ts';
import { errorMessage } from '../../../lib/request.ts';
import { uploadQrCode } from './channelsApi.ts';

export const QR_UPLOAD_RULE: ImageUploadRule = { maxBytes: QR_MAX_BYTES, accept: QR_IMAGE_ACCEPT };

export interface QrUploadFieldProps {
  value?: string | null;
  onChange?: (url: string | null) => void;
  /** Told while an upload runs, so that the form can wait for it. */
  onBusyChange?: (busy: boolean) => void;
}

/** The QR image of a deposit channel: upload with preview, or remove (a Form.Item control). */
export function QrUploadField({ value, onChange, onBusyChange }: QrUploadFieldProps) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageUploadProblem(file, QR_UPLOAD_RULE);
    if (problem) {
      message.error(problem);
      return;
    }
    setUploading(true);
    onBusyChange?.(true);
    try {
      onChange?.(await uploadQrCode(file));
      message.success(t('channelForm.qrUploaded'));
    } catch (error) {
      message.error(
        t('channelForm.qrUploadFailed', { reason: errorMessage(error, t('channelForm.unknownError')) }),
      );
    } finally {
      setUploading(false);
      onBusyChange?.(false);
    }
  };

  return (
    <Flex vertical gap={8}>
      {value && (
        <div data-testid="channel-qr-preview">
          <QrImage url={value} size={140} />
        </div>
      )}
      <Space wrap>
        <Button icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
          {t(value ? 'channelForm.qrReplace' : 'channelForm.qrUpload')}
        </Button>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} data-testid="channel-qr-remove">
            {t('channelForm.qrRemove')}
          </Button>
        )}
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('channelForm.qrHint')}
      </Typography.Text>
      <input
        ref={input}
        type="file"
        accept={QR_UPLOAD_RULE.accept}
        style={{ display: 'none' }}
        onChange={(event) => void pick(event)}
        data-testid="channel-qr-input"
      />
    </Flex>
  );
}
