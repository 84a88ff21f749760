import { KYC_ID_NUMBER_MESSAGES, kycSubmitFields } from '@platform/contracts';
import { idCardProblem } from '@platform/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Form, type FormRule, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractText } from '../../i18n/index.ts';
import { errorMessage } from '../../lib/request.ts';
import { FormFooter } from '../wallet/FormFooter.tsx';
import { WALLET_QUERY_ROOT } from '../wallet/walletApi.ts';
import { IdImagePicker } from './IdImagePicker.tsx';
import { KYC_QUERY_ROOT, submitKyc } from './kycApi.ts';

interface KycFields {
  real_name: string;
  id_number: string;
  id_front: File | null;
  id_back: File | null;
}

/** A form rule from one field of the contract's schema, so that the texts are the server's (in the language shown). */
const schemaRule = (
  schema: (typeof kycSubmitFields.shape)[keyof typeof kycSubmitFields.shape],
): FormRule => ({
  validator: (_, value: unknown) => {
    const parsed = schema.safeParse(value ?? '');
    return parsed.success
      ? Promise.resolve()
      : Promise.reject(new Error(contractText(parsed.error.issues[0]?.message ?? '')));
  },
});

/**
 * The ID number's problem (format, date of birth, check digit) in the server's words, in the
 * language shown; null when valid.
 */
export function idNumberProblem(value: string | undefined): string | null {
  const parsed = kycSubmitFields.shape.id_number.safeParse(value ?? '');
  if (!parsed.success) return contractText(parsed.error.issues[0]?.message ?? KYC_ID_NUMBER_MESSAGES.format);
  const problem = idCardProblem(parsed.data);
  return problem ? contractText(KYC_ID_NUMBER_MESSAGES[problem]) : null;
}

const idNumberRule: FormRule = {
  validator: (_, value: string | undefined) => {
    const problem = idNumberProblem(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};

const imageRequired = (message: string): FormRule => ({
  validator: (_, value: unknown) => (value ? Promise.resolve() : Promise.reject(new Error(message))),
});

const ID_SIDES = [
  { name: 'id_front', side: 'front', testId: 'kyc-front' },
  { name: 'id_back', side: 'back', testId: 'kyc-back' },
] as const;

/** Real name, ID number and both ID images, sent as one multipart request. */
export function KycForm({ initial }: { initial?: { real_name: string; id_number: string } }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<KycFields>();
  const { t } = useTranslation('user');
  const submit = useMutation({
    mutationFn: (fields: KycFields) => {
      if (!fields.id_front || !fields.id_back) throw new Error(t('kyc.photosRequired'));
      return submitKyc({
        realName: fields.real_name,
        idNumber: fields.id_number,
        front: fields.id_front,
        back: fields.id_back,
      });
    },
    onSuccess: async (reply) => {
      message.success(reply.message || t('kyc.submitted'));
      await queryClient.invalidateQueries({ queryKey: KYC_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
    },
  });

  return (
    <Form<KycFields>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ real_name: initial?.real_name ?? '', id_number: initial?.id_number ?? '' }}
      onFinish={(fields) => submit.mutate(fields)}
      data-testid="kyc-form"
    >
      <Form.Item
        name="real_name"
        label={t('kyc.realName')}
        rules={[schemaRule(kycSubmitFields.shape.real_name)]}
      >
        <Input
          placeholder={t('kyc.realNamePlaceholder')}
          autoComplete="name"
          maxLength={50}
          data-testid="kyc-real-name"
        />
      </Form.Item>
      <Form.Item name="id_number" label={t('kyc.idNumber')} rules={[idNumberRule]}>
        <Input
          placeholder={t('kyc.idNumberPlaceholder')}
          autoComplete="off"
          maxLength={18}
          data-testid="kyc-id-number"
        />
      </Form.Item>
      <Form.Item label={t('kyc.photos')} required={false} style={{ marginBottom: 8 }}>
        <Flex gap={12}>
          {ID_SIDES.map((side) => (
            <Form.Item
              key={side.name}
              name={side.name}
              rules={[imageRequired(t('kyc.photoRequired', { side: t(`kyc.${side.side}`) }))]}
              style={{ flex: 1, minWidth: 0, marginBottom: 0 }}
            >
              <IdImagePicker label={t(`kyc.${side.side}`)} testId={side.testId} />
            </Form.Item>
          ))}
        </Flex>
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('kyc.photoRules')}
      </Typography.Paragraph>
      <FormFooter
        error={submit.isError ? { title: errorMessage(submit.error, t('kyc.submitFailed')) } : null}
        submitting={submit.isPending}
        label={t('kyc.submit')}
        testId="kyc"
      />
    </Form>
  );
}
