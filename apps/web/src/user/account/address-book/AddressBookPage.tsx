import {
  ADDRESS_BOOK_MESSAGES,
  ADDRESS_LABEL_MAX,
  type SavedAddress,
  TWOFA_PASSWORD_MESSAGES,
} from '@platform/contracts';
import { formatDateTimeShort, usdtAddressNetwork } from '@platform/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  type FormInstance,
  Input,
  Popconfirm,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { TwofaCodeField } from '../../../components/twofa/TwofaCodeField.tsx';
import { contractText } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/request.ts';
import { isPasswordRefusal, isTwofaChallenge, normaliseCode, twofaErrorText } from '../../../lib/twofa.ts';
import { UserPage } from '../../shell/UserPage.tsx';
import { AccountColumn, ME_KEY, useMe } from '../useMe.tsx';
import {
  addAddress,
  addressBookKeys,
  deleteAddress,
  disableWithdrawalWhitelist,
  enableWithdrawalWhitelist,
  fetchAddresses,
  fetchWhitelist,
} from './addressBookApi.ts';

interface SecretFields {
  password: string;
  totp?: string;
}

/** A refusal of the password or the code is shown on its field; anything else as a message. */
function useSecretErrors(form: Pick<FormInstance, 'setFields'>) {
  const { t } = useTranslation(['user', 'common']);
  const { message } = App.useApp();
  return (error: unknown) => {
    if (isPasswordRefusal(error))
      form.setFields([
        { name: 'password', errors: [errorMessage(error, contractText(TWOFA_PASSWORD_MESSAGES.wrong))] },
      ]);
    else if (isTwofaChallenge(error)) form.setFields([{ name: 'totp', errors: [twofaErrorText(error)] }]);
    else message.error(errorMessage(error, t('common:operationFailed')));
  };
}

function SecretItems({ twofa, testId }: { twofa: boolean; testId: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      <Form.Item
        name="password"
        label={t('twofa.loginPassword')}
        rules={[{ required: true, message: contractText(TWOFA_PASSWORD_MESSAGES.required) }]}
      >
        <Input.Password autoComplete="current-password" data-testid={`${testId}-password`} />
      </Form.Item>
      {twofa && <TwofaCodeField name="totp" testId={`${testId}-totp`} />}
    </>
  );
}

/** 提现白名单: on at once; off with the password (and the code), which holds withdrawals 24 h. */
function WhitelistCard({ twofa }: { twofa: boolean }) {
  const { t } = useTranslation(['user', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const whitelist = useQuery({ queryKey: addressBookKeys.whitelist, queryFn: fetchWhitelist });
  const [disabling, setDisabling] = useState(false);
  const [form] = Form.useForm<SecretFields>();
  const onSecretError = useSecretErrors(form);
  const done = async (text: string) => {
    setDisabling(false);
    form.resetFields();
    message.success(text);
    await queryClient.invalidateQueries({ queryKey: addressBookKeys.whitelist });
    await queryClient.invalidateQueries({ queryKey: ME_KEY });
  };
  const enable = useMutation({
    mutationFn: enableWithdrawalWhitelist,
    onSuccess: done,
    onError: (e) => message.error(errorMessage(e, t('account.addressBook.enableFailed'))),
  });
  const disable = useMutation({
    mutationFn: (fields: SecretFields) =>
      disableWithdrawalWhitelist({
        password: fields.password,
        ...(fields.totp ? { totp: normaliseCode(fields.totp) } : {}),
      }),
    onSuccess: done,
    onError: onSecretError,
  });
  const enabled = whitelist.data?.enabled ?? false;
  return (
    <Card data-testid="whitelist-card">
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {t('account.addressBook.whitelist')}
        </Typography.Text>
        <Switch
          checked={enabled}
          loading={whitelist.isLoading || enable.isPending}
          onChange={(on) => (on ? enable.mutate() : setDisabling(true))}
          data-testid="whitelist-switch"
        />
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('account.addressBook.whitelistExplained')}
      </Typography.Paragraph>
      {disabling && enabled && (
        <Form<SecretFields>
          form={form}
          layout="vertical"
          requiredMark={false}
          style={{ marginTop: 12 }}
          disabled={disable.isPending}
          onFinish={(fields) => disable.mutate(fields)}
          data-testid="whitelist-disable-form"
        >
          <SecretItems twofa={twofa} testId="whitelist-disable" />
          <Flex gap={8}>
            <Button
              danger
              type="primary"
              htmlType="submit"
              loading={disable.isPending}
              data-testid="whitelist-disable-submit"
            >
              {t('account.addressBook.confirmDisable')}
            </Button>
            <Button onClick={() => setDisabling(false)}>{t('common:cancel')}</Button>
          </Flex>
        </Form>
      )}
    </Card>
  );
}

interface AddFields extends SecretFields {
  address: string;
  label: string;
}

function AddAddressForm({ twofa, onDone }: { twofa: boolean; onDone: () => void }) {
  const { t } = useTranslation(['user', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AddFields>();
  const onSecretError = useSecretErrors(form);
  const add = useMutation({
    mutationFn: (fields: AddFields) =>
      addAddress({
        address: fields.address.trim(),
        label: fields.label.trim(),
        password: fields.password,
        ...(fields.totp ? { totp: normaliseCode(fields.totp) } : {}),
      }),
    onSuccess: async (text) => {
      message.success(text);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: addressBookKeys.addresses });
      onDone();
    },
    onError: onSecretError,
  });
  return (
    <Form<AddFields>
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={add.isPending}
      onFinish={(fields) => add.mutate(fields)}
      data-testid="address-add-form"
    >
      <Form.Item
        name="address"
        label={t('account.addressBook.address')}
        extra={t('account.addressBook.addressHint')}
        rules={[
          { required: true, whitespace: true, message: contractText(ADDRESS_BOOK_MESSAGES.addressRequired) },
          {
            validator: (_, value: string | undefined) =>
              !value?.trim() || usdtAddressNetwork(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t('common:addressFormat'))),
          },
        ]}
      >
        <Input autoComplete="off" data-testid="address-add-address" />
      </Form.Item>
      <Form.Item
        name="label"
        label={t('account.addressBook.label')}
        rules={[
          { required: true, whitespace: true, message: contractText(ADDRESS_BOOK_MESSAGES.labelRequired) },
          { max: ADDRESS_LABEL_MAX, message: contractText(ADDRESS_BOOK_MESSAGES.labelTooLong) },
        ]}
      >
        <Input
          placeholder={t('account.addressBook.labelPlaceholder')}
          autoComplete="off"
          data-testid="address-add-label"
        />
      </Form.Item>
      <SecretItems twofa={twofa} testId="address-add" />
      <Button type="primary" htmlType="submit" block loading={add.isPending} data-testid="address-add-submit">
        {t('account.addressBook.add')}
      </Button>
    </Form>
  );
}

function AddressRow({ address }: { address: SavedAddress }) {
  const { t } = useTranslation(['user', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteAddress(address.id),
    onSuccess: async (text) => {
      message.success(text);
      await queryClient.invalidateQueries({ queryKey: addressBookKeys.addresses });
    },
    onError: (e) => message.error(errorMessage(e, t('account.addressBook.deleteFailed'))),
  });
  const usable = Date.parse(address.usable_at) <= Date.now();
  return (
    <Flex
      vertical
      gap={4}
      style={{ padding: '10px 0', borderBottom: '1px solid var(--app-divider)' }}
      data-testid={`address-${address.id}`}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong data-testid="address-label">
            {address.label}
          </Typography.Text>
          <Tag style={{ marginInlineEnd: 0 }}>{address.network}</Tag>
          {!usable && (
            <Tag color="orange" style={{ marginInlineEnd: 0 }} data-testid="address-pending">
              {t('account.addressBook.usableFrom', { time: formatDateTimeShort(address.usable_at) })}
            </Tag>
          )}
        </Flex>
        <Popconfirm
          title={t('account.addressBook.deleteConfirm')}
          okText={t('account.addressBook.delete')}
          cancelText={t('common:cancel')}
          onConfirm={() => remove.mutate()}
        >
          <Button type="link" danger size="small" loading={remove.isPending} data-testid="address-delete">
            {t('account.addressBook.delete')}
          </Button>
        </Popconfirm>
      </Flex>
      <Typography.Text
        style={{ wordBreak: 'break-all', fontFamily: 'monospace' }}
        data-testid="address-value"
      >
        {address.address}
      </Typography.Text>
    </Flex>
  );
}

/** 地址簿: saved withdrawal addresses with labels, and the whitelist mode that limits withdrawals to them. */
export default function AddressBookPage() {
  const { t } = useTranslation('user');
  const { user } = useMe();
  const addresses = useQuery({ queryKey: addressBookKeys.addresses, queryFn: fetchAddresses });
  const [adding, setAdding] = useState(false);
  if (!user) return <PageLoading />;
  const twofa = user.twofa_enabled;
  return (
    <AccountColumn>
      <UserPage title={t('account.addressBook.title')} back="/me/security" testId="address-book-page">
        <WhitelistCard twofa={twofa} />
        <Card
          title={t('account.addressBook.addresses')}
          extra={
            !adding && (
              <Button type="link" onClick={() => setAdding(true)} data-testid="address-add">
                {t('account.addressBook.add')}
              </Button>
            )
          }
        >
          {adding && <AddAddressForm twofa={twofa} onDone={() => setAdding(false)} />}
          {addresses.isError && (
            <Typography.Text type="danger">
              {errorMessage(addresses.error, t('account.addressBook.loadFailed'))}
            </Typography.Text>
          )}
          {addresses.data?.length === 0 && !adding && (
            <Typography.Text type="secondary">{t('account.addressBook.empty')}</Typography.Text>
          )}
          {addresses.data?.map((a) => (
            <AddressRow key={a.id} address={a} />
          ))}
        </Card>
      </UserPage>
    </AccountColumn>
  );
}
