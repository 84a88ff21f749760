import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type AdminCarouselItem,
  CAROUSEL_IMAGE_ACCEPT,
  CAROUSEL_IMAGE_MAX_BYTES,
  isSafeLink,
  TITLE_MAX,
} from '@platform/contracts';
import { App, Button, Flex, Form, Input, Space, Typography } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal.tsx';
import { type ImageUploadRule, imageUploadProblem } from '../../lib/imageUpload.ts';
import { errorMessage } from '../../lib/request.ts';
import { saveCarousel, uploadCarouselImage } from './homeApi.ts';

interface FormValues {
  title: string;
  image_url: string;
  link_url: string;
}

/** The uploaded image: its stored name and a URL the preview can load. */
interface Upload {
  file: string;
  src: string;
}

export const CAROUSEL_UPLOAD_RULE: ImageUploadRule = {
  maxBytes: CAROUSEL_IMAGE_MAX_BYTES,
  accept: CAROUSEL_IMAGE_ACCEPT,
};

const linkRule = (text: string) => ({
  validator: (_: unknown, value: string | undefined) =>
    !value?.trim() || isSafeLink(value.trim()) ? Promise.resolve() : Promise.reject(new Error(text)),
});

export interface CarouselModalProps {
  item: AdminCarouselItem | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 添加/编辑轮播图: title, an uploaded image (with preview) or an image URL, and the link. */
export function CarouselModal({ item, onClose, onSaved }: CarouselModalProps) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload | null>(
    item?.image_file && item.image_src ? { file: item.image_file, src: item.image_src } : null,
  );
  const [uploading, setUploading] = useState(false);
  const imageUrl = Form.useWatch('image_url', form) ?? '';
  const preview = upload?.src ?? (isSafeLink(imageUrl.trim()) ? imageUrl.trim() : null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageUploadProblem(file, CAROUSEL_UPLOAD_RULE);
    if (problem) {
      message.error(problem);
      return;
    }
    setUploading(true);
    try {
      const saved = await uploadCarouselImage(file);
      setUpload({ file: saved.image_file, src: saved.image_src });
      form.setFieldValue('image_url', '');
      void form.validateFields(['image_url']);
      message.success(t('home.carousel.uploadDone'));
    } catch (error) {
      message.error(t('home.carousel.uploadFailed', { reason: errorMessage(error, t('home.unknownError')) }));
    } finally {
      setUploading(false);
    }
  };

  return (
    <FormModal<FormValues>
      title={item ? t('home.carousel.edit') : t('home.carousel.add')}
      width={560}
      editing={item !== null}
      form={form}
      initialValues={{
        title: item?.title ?? '',
        image_url: item?.image_url ?? '',
        link_url: item?.link_url ?? '',
      }}
      save={(values) =>
        saveCarousel(item?.id ?? null, {
          title: values.title.trim(),
          image_file: upload?.file ?? '',
          image_url: upload ? '' : values.image_url.trim(),
          link_url: values.link_url.trim(),
        })
      }
      failure={(error) => t('home.saveFailed', { reason: errorMessage(error, t('home.unknownError')) })}
      onSaved={onSaved}
      onClose={onClose}
      saveDisabled={uploading}
      saveTestId="carousel-save"
    >
      <Form.Item
        name="title"
        label={t('home.table.title')}
        rules={[{ required: true, whitespace: true, message: t('home.required.title') }, { max: TITLE_MAX }]}
      >
        <Input
          placeholder={t('home.carousel.titlePlaceholder')}
          maxLength={TITLE_MAX}
          data-testid="carousel-form-title"
        />
      </Form.Item>
      <Form.Item label={t('home.carousel.image')} required>
        <Flex vertical gap={8}>
          {preview && (
            <img
              src={preview}
              alt={t('home.carousel.preview')}
              data-testid="carousel-preview"
              style={{
                width: 320,
                maxWidth: '100%',
                aspectRatio: '16 / 7',
                objectFit: 'cover',
                borderRadius: 6,
                background: '#f5f5f5',
              }}
            />
          )}
          <Space wrap>
            <Button icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
              {upload ? t('home.carousel.replaceImage') : t('home.carousel.uploadImage')}
            </Button>
            {upload && (
              <Button
                icon={<DeleteOutlined />}
                onClick={() => setUpload(null)}
                data-testid="carousel-image-remove"
              >
                {t('home.carousel.remove')}
              </Button>
            )}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('home.carousel.imageHint')}
          </Typography.Text>
          <input
            ref={input}
            type="file"
            accept={CAROUSEL_UPLOAD_RULE.accept}
            style={{ display: 'none' }}
            onChange={(event) => void pick(event)}
            data-testid="carousel-image-input"
          />
        </Flex>
      </Form.Item>
      <Form.Item
        name="image_url"
        label={t('home.carousel.imageUrl')}
        rules={[
          linkRule(t('home.required.imageUrl')),
          {
            validator: (_, value: string | undefined) =>
              upload || value?.trim()
                ? Promise.resolve()
                : Promise.reject(new Error(t('home.required.image'))),
          },
        ]}
      >
        <Input
          placeholder={upload ? t('home.carousel.uploaded') : t('home.carousel.imageUrlPlaceholder')}
          disabled={Boolean(upload)}
          data-testid="carousel-form-image-url"
        />
      </Form.Item>
      <Form.Item
        name="link_url"
        label={t('home.carousel.link')}
        rules={[linkRule(t('home.required.link'))]}
        extra={t('home.carousel.linkHint')}
      >
        <Input placeholder={t('home.carousel.linkPlaceholder')} data-testid="carousel-form-link" />
      </Form.Item>
    </FormModal>
  );
}
