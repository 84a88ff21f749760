import type { SavedAddress } from '@platform/contracts';
import { ADDRESS_FORMAT_ERROR, formatDateTimeShort, usdtAddressNetwork } from '@platform/domain';
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
import { PageLoading } from '../../../components/PageLoading.tsx';
import { TwofaCodeField } from '../../../components/twofa/TwofaCodeField.tsx';
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
  const { message } = App.useApp();
  return (error: unknown) => {
    if (isPasswordRefusal(error))
      form.setFields([{ name: 'password', errors: [errorMessage(error, '登录密码错误')] }]);
    else if (isTwofaChallenge(error)) form.setFields([{ name: 'totp', errors: [twofaErrorText(error)] }]);
    else message.error(errorMessage(error, '操作失败'));
  };
}

function SecretItems({ twofa, testId }: { twofa: boolean; testId: string }) {
  return (
    <>
      <Form.Item name="password" label="登录密码" rules={[{ required: true, message: '请输入登录密码' }]}>
        <Input.Password autoComplete="current-password" data-testid={`${testId}-password`} />
      </Form.Item>
      {twofa && <TwofaCodeField name="totp" testId={`${testId}-totp`} />}
    </>
  );
}

/** 提现白名单: on at once; off with the password (and the code), which holds withdrawals 24 h. */
function WhitelistCard({ twofa }: { twofa: boolean }) {
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
    onError: (e) => message.error(errorMessage(e, '开启失败')),
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
          提现白名单
        </Typography.Text>
        <Switch
          checked={enabled}
          loading={whitelist.isLoading || enable.isPending}
          onChange={(on) => (on ? enable.mutate() : setDisabling(true))}
          data-testid="whitelist-switch"
        />
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        开启后只能提现到地址簿中的地址，新添加的地址 24 小时后才能使用；关闭需验证登录密码，关闭后 24
        小时内不能提现。
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
              确认关闭
            </Button>
            <Button onClick={() => setDisabling(false)}>取消</Button>
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
        label="提现地址"
        extra="支持 TRC20（T 开头）或 ERC20（0x 开头）地址"
        rules={[
          { required: true, whitespace: true, message: '请输入提现地址' },
          {
            validator: (_, value: string | undefined) =>
              !value?.trim() || usdtAddressNetwork(value)
                ? Promise.resolve()
                : Promise.reject(new Error(ADDRESS_FORMAT_ERROR)),
          },
        ]}
      >
        <Input autoComplete="off" data-testid="address-add-address" />
      </Form.Item>
      <Form.Item
        name="label"
        label="备注"
        rules={[
          { required: true, whitespace: true, message: '请输入地址备注' },
          { max: 30, message: '地址备注不能超过30个字符' },
        ]}
      >
        <Input placeholder="如：我的冷钱包" autoComplete="off" data-testid="address-add-label" />
      </Form.Item>
      <SecretItems twofa={twofa} testId="address-add" />
      <Button type="primary" htmlType="submit" block loading={add.isPending} data-testid="address-add-submit">
        添加地址
      </Button>
    </Form>
  );
}

function AddressRow({ address }: { address: SavedAddress }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteAddress(address.id),
    onSuccess: async (text) => {
      message.success(text);
      await queryClient.invalidateQueries({ queryKey: addressBookKeys.addresses });
    },
    onError: (e) => message.error(errorMessage(e, '删除失败')),
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
              {formatDateTimeShort(address.usable_at)} 后可用于白名单提现
            </Tag>
          )}
        </Flex>
        <Popconfirm title="删除该地址？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate()}>
          <Button type="link" danger size="small" loading={remove.isPending} data-testid="address-delete">
            删除
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
  const { user } = useMe();
  const addresses = useQuery({ queryKey: addressBookKeys.addresses, queryFn: fetchAddresses });
  const [adding, setAdding] = useState(false);
  if (!user) return <PageLoading />;
  const twofa = user.twofa_enabled;
  return (
    <AccountColumn>
      <UserPage title="地址簿" back="/me/security" testId="address-book-page">
        <WhitelistCard twofa={twofa} />
        <Card
          title="提现地址"
          extra={
            !adding && (
              <Button type="link" onClick={() => setAdding(true)} data-testid="address-add">
                添加地址
              </Button>
            )
          }
        >
          {adding && <AddAddressForm twofa={twofa} onDone={() => setAdding(false)} />}
          {addresses.isError && (
            <Typography.Text type="danger">{errorMessage(addresses.error, '获取地址簿失败')}</Typography.Text>
          )}
          {addresses.data?.length === 0 && !adding && (
            <Typography.Text type="secondary">暂无地址</Typography.Text>
          )}
          {addresses.data?.map((a) => (
            <AddressRow key={a.id} address={a} />
          ))}
        </Card>
      </UserPage>
    </AccountColumn>
  );
}
