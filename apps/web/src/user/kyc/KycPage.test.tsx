import {
  KYC_IMAGE_MAX_BYTES,
  KYC_IMAGE_TOO_LARGE_MESSAGE,
  type KycApplication,
  NOT_AN_IMAGE_MESSAGE,
} from '@platform/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { imageUploadProblem } from '../../lib/imageUpload.ts';
import { disconnectSocket } from '../../lib/socket.ts';
import { type Call, type Handler, mockApi, ok } from '../../test/api.ts';
import { fakeSockets } from '../../test/fake-socket.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderWithAnt, signIn } from '../../test/render.tsx';
import { idNumberProblem } from './KycForm.tsx';
import KycPage from './KycPage.tsx';
import { KYC_UPLOAD_RULE } from './kycApi.ts';

vi.mock('socket.io-client', async () => (await import('../../test/fake-socket.ts')).fakeSocketModule);
// antd forms with several fields take long to validate in jsdom on a busy 2-core machine.
vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 15_000 });

const VALID_ID = '11010519491231002X';

let calls: Call[];
let handlers: Record<string, Handler>;

const application = (overrides: Partial<KycApplication> = {}): KycApplication => ({
  id: 5,
  real_name: '张三',
  id_number: VALID_ID,
  document_type: 'id_card',
  id_front_url: '/api/kyc/documents/a.png?signature=x',
  id_back_url: '/api/kyc/documents/b.png?signature=y',
  status: 'pending',
  admin_note: null,
  created_at: '2024-05-01T02:00:00.000Z',
  reviewed_at: null,
  ...overrides,
});

const image = (name: string, type = 'image/png', size = 1024) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  );
  signIn(makeUser());
  ({ calls, handlers } = mockApi({
    'GET /api/kyc/status': () => ok({ kyc_status: 'none', application: null }),
    'GET /api/wallet': () =>
      ok({
        wallets: [],
        total_value_usdt: '0',
        unpriced_currencies: [],
        withdrawRequirement: { canWithdraw: false, reasons: [] },
      }),
    'GET /api/auth/me': () => ok({ user: makeUser() }),
  }));
});

const renderPage = () =>
  renderWithAnt(
    <MemoryRouter>
      <KycPage />
    </MemoryRouter>,
  );
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const choose = (testId: string, file: File) =>
  fireEvent.change(screen.getByTestId(`${testId}-input`), { target: { files: [file] } });
const posts = () => calls.filter((c) => c.method === 'POST');

describe('KYC_UPLOAD_RULE', () => {
  it('accepts JPG, PNG and GIF up to 5MB', () => {
    for (const t of ['image/jpeg', 'image/png', 'image/gif'])
      expect(imageUploadProblem({ type: t, size: 10 }, KYC_UPLOAD_RULE)).toBeNull();
    expect(imageUploadProblem({ type: 'image/png', size: KYC_IMAGE_MAX_BYTES }, KYC_UPLOAD_RULE)).toBeNull();
  });

  it('refuses other types and larger files with the contract messages', () => {
    expect(imageUploadProblem({ type: 'application/pdf', size: 10 }, KYC_UPLOAD_RULE)).toBe(
      NOT_AN_IMAGE_MESSAGE,
    );
    expect(imageUploadProblem({ type: 'image/webp', size: 10 }, KYC_UPLOAD_RULE)).toBe(NOT_AN_IMAGE_MESSAGE);
    expect(imageUploadProblem({ type: '', size: 10 }, KYC_UPLOAD_RULE)).toBe(NOT_AN_IMAGE_MESSAGE);
    expect(imageUploadProblem({ type: 'image/png', size: KYC_IMAGE_MAX_BYTES + 1 }, KYC_UPLOAD_RULE)).toBe(
      KYC_IMAGE_TOO_LARGE_MESSAGE,
    );
  });
});

describe('idNumberProblem', () => {
  it('says what is wrong in the server words', () => {
    expect(idNumberProblem('')).toBe('请输入身份证号码');
    expect(idNumberProblem('12345')).toBe('身份证号码格式不正确');
    expect(idNumberProblem('110105194913310026')).toBe('身份证号码中的出生日期不正确');
    expect(idNumberProblem('110105194912310021')).toBe('身份证号码校验位不正确');
    expect(idNumberProblem(VALID_ID)).toBeNull();
    expect(idNumberProblem(VALID_ID.toLowerCase())).toBeNull();
  });
});

describe('KycPage', () => {
  it('is in English under en: status, intro, fields and photo pickers', async () => {
    applyLanguage('en');
    const { container } = renderPage();
    expect(await screen.findByLabelText('Full name')).toBeTruthy();
    expect(screen.getByLabelText('ID number')).toBeTruthy();
    expect(screen.getByTestId('kyc-page-status').textContent).toBe('Not verified');
    expect(screen.getByRole('button', { name: 'Upload the ID front' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(container.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('says in English under en what is wrong with an image, the name and the ID number (issue 38)', async () => {
    applyLanguage('en');
    const { container } = renderPage();
    await screen.findByTestId('kyc-form');
    choose('kyc-front', image('id.pdf', 'application/pdf'));
    expect((await screen.findByTestId('kyc-front-problem')).textContent).toBe('Please select an image file');
    choose('kyc-front', image('big.png', 'image/png', KYC_IMAGE_MAX_BYTES + 1));
    expect((await screen.findByTestId('kyc-front-problem')).textContent).toBe(
      'The image cannot be larger than 5 MB',
    );

    type('kyc-real-name', 'A');
    type('kyc-id-number', '110105194912310021');
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(await screen.findByText('The legal name must have 2 to 50 characters')).toBeTruthy();
    expect(screen.getByText('The ID number’s check digit is wrong')).toBeTruthy();
    expect(screen.getByText('Upload a photo of the ID front')).toBeTruthy();
    expect(screen.getByText('Upload a photo of the ID back')).toBeTruthy();
    type('kyc-id-number', '');
    expect(await screen.findByText('Enter your ID number')).toBeTruthy();
    expect(container.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    expect(posts()).toHaveLength(0);
  });

  it('checks each image before upload and sends nothing until the form is valid', async () => {
    renderPage();
    await screen.findByTestId('kyc-form');
    expect(screen.getByTestId('kyc-page-status').textContent).toBe('未认证');

    choose('kyc-front', image('id.pdf', 'application/pdf'));
    expect((await screen.findByTestId('kyc-front-problem')).textContent).toBe(NOT_AN_IMAGE_MESSAGE);
    choose('kyc-front', image('big.png', 'image/png', KYC_IMAGE_MAX_BYTES + 1));
    expect((await screen.findByTestId('kyc-front-problem')).textContent).toBe(KYC_IMAGE_TOO_LARGE_MESSAGE);
    expect(screen.queryByTestId('kyc-front-preview')).toBeNull();

    type('kyc-real-name', '张');
    type('kyc-id-number', '110105194912310021');
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(await screen.findByText('真实姓名长度应为2-50个字符')).toBeTruthy();
    expect(screen.getByText('身份证号码校验位不正确')).toBeTruthy();
    expect(screen.getByText('请上传身份证正面照片')).toBeTruthy();
    expect(screen.getByText('请上传身份证背面照片')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('refuses a name with digits or markup with the server’s message (the rule of the contract)', async () => {
    renderPage();
    await screen.findByTestId('kyc-form');
    for (const name of ['张三1', '<b>x</b>']) {
      type('kyc-real-name', name);
      fireEvent.click(screen.getByTestId('kyc-submit'));
      expect(await screen.findByText('姓名只能包含中文、字母、间隔号和空格')).toBeTruthy();
    }
    type('kyc-real-name', '阿卜杜·热合曼');
    await waitFor(() => expect(screen.queryByText('姓名只能包含中文、字母、间隔号和空格')).toBeNull());
    expect(posts()).toHaveLength(0);
  });

  it('sends name, ID number and both images as multipart, then shows the review in progress', async () => {
    let status: 'none' | 'pending' = 'none';
    handlers['GET /api/kyc/status'] = () =>
      ok({ kyc_status: status, application: status === 'none' ? null : application() });
    handlers['POST /api/kyc/submit'] = () => {
      status = 'pending';
      return ok({ application: application() }, '实名认证申请已提交，请等待审核');
    };
    renderPage();
    await screen.findByTestId('kyc-form');
    type('kyc-real-name', ' 张三 ');
    type('kyc-id-number', VALID_ID);
    const front = image('front.jpg', 'image/jpeg');
    const back = image('back.gif', 'image/gif');
    choose('kyc-front', front);
    choose('kyc-back', back);
    expect(await screen.findByTestId('kyc-front-preview')).toBeTruthy();
    expect(await screen.findByTestId('kyc-back-preview')).toBeTruthy();
    fireEvent.click(screen.getByTestId('kyc-submit'));

    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = posts()[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('real_name')).toBe('张三');
    expect(body.get('id_number')).toBe(VALID_ID);
    expect((body.get('id_front') as File).name).toBe('front.jpg');
    expect((body.get('id_back') as File).name).toBe('back.gif');
    expect(await screen.findByTestId('kyc-in-review')).toBeTruthy();
    expect(screen.getByTestId('kyc-page-status').textContent).toBe('待审核');
    expect(within(screen.getByTestId('kyc-application')).getByText('110105********002X')).toBeTruthy();
  });

  it('shows the rejection reason and a resubmission prefilled with the last answers', async () => {
    handlers['GET /api/kyc/status'] = () =>
      ok({
        kyc_status: 'rejected',
        application: application({ status: 'rejected', admin_note: '证件照片模糊' }),
      });
    renderPage();
    expect((await screen.findByTestId('kyc-rejected')).textContent).toContain('原因：证件照片模糊');
    expect(screen.queryByTestId('kyc-form')).toBeNull();
    fireEvent.click(screen.getByTestId('kyc-resubmit'));
    await screen.findByTestId('kyc-form');
    expect((screen.getByTestId('kyc-real-name') as HTMLInputElement).value).toBe('张三');
    expect((screen.getByTestId('kyc-id-number') as HTMLInputElement).value).toBe(VALID_ID);
  });

  it('follows the decision live', async () => {
    let status: 'pending' | 'approved' = 'pending';
    handlers['GET /api/kyc/status'] = () => ok({ kyc_status: status, application: application({ status }) });
    renderPage();
    await screen.findByTestId('kyc-in-review');
    status = 'approved';
    act(() => fakeSockets.at(-1)?.receive('kyc_status_update', { application: application({ status }) }));
    expect(await screen.findByTestId('kyc-approved')).toBeTruthy();
    expect(screen.getByTestId('kyc-page-status').textContent).toBe('已认证');
    expect(await screen.findByText('实名认证已通过')).toBeTruthy();
  });
});
