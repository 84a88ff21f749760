import { CameraOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUploadProblem } from '../../lib/imageUpload.ts';
import { KYC_UPLOAD_RULE } from './kycApi.ts';

/** An object URL of `file` for a preview, revoked when the file changes or the picker goes away. */
function useObjectUrl(file: File | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

export interface IdImagePickerProps {
  /** 身份证正面 / 身份证背面. */
  label: string;
  value?: File | null;
  onChange?: (file: File | null) => void;
  testId: string;
}

/**
 * One ID image (a Form.Item control): tap to choose, the preview once chosen, tap again to change.
 * Type and size are checked here, before anything is uploaded; a refused file leaves the value as it was.
 */
export function IdImagePicker({ label, value, onChange, testId }: IdImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { t } = useTranslation('user');
  const preview = useObjectUrl(value);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = imageUploadProblem(file, KYC_UPLOAD_RULE);
    setProblem(refused);
    if (!refused) onChange?.(file);
  };

  return (
    <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
      <button
        type="button"
        onClick={() => input.current?.click()}
        aria-label={value ? t('kyc.pickAgain', { side: label }) : t('kyc.upload', { side: label })}
        data-testid={testId}
        style={{
          width: '100%',
          aspectRatio: '1.58',
          padding: 0,
          borderRadius: 8,
          border: `1px dashed ${problem ? '#ff4d4f' : '#d9d9d9'}`,
          background: 'var(--app-subtle)',
          cursor: 'pointer',
          overflow: 'hidden',
          position: 'relative',
        }}
      >
        {preview ? (
          <>
            <img
              src={preview}
              alt={label}
              data-testid={`${testId}-preview`}
              style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
            <span
              style={{
                position: 'absolute',
                left: 0,
                right: 0,
                bottom: 0,
                padding: '2px 0',
                background: 'rgba(0,0,0,0.45)',
                color: '#fff',
                fontSize: 12,
              }}
            >
              {t('kyc.tapToChange')}
            </span>
          </>
        ) : (
          <Flex vertical align="center" justify="center" gap={4} style={{ height: '100%', color: '#8c8c8c' }}>
            <CameraOutlined style={{ fontSize: 24 }} />
            <span style={{ fontSize: 13 }}>{label}</span>
          </Flex>
        )}
      </button>
      {problem && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`${testId}-problem`}>
          {problem}
        </Typography.Text>
      )}
      <input
        ref={input}
        type="file"
        accept={KYC_UPLOAD_RULE.accept}
        style={{ display: 'none' }}
        onChange={pick}
        data-testid={`${testId}-input`}
      />
    </Flex>
  );
}
