import { DEFAULT_OPTION_CONFIG, incompleteConfigMessage, type OptionConfigData } from '@platform/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { changeReplyFixture } from '../../test/adminChange.ts';
import { type Call, type Handler, mockApi, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderWithAnt } from '../../test/render.tsx';
import OptionControlPage from './OptionControlPage.tsx';

const PATH = '/api/admin/trading/options/config';

const STORED: OptionConfigData = {
  globalSettings: { enabled: true, maintenanceMode: false },
  timeWindows: [
    { start: '09:00', end: '09:05', enabled: true },
    { start: '21:30', end: '21:45', enabled: false },
  ],
  investmentLevels: [
    { level: 1, percentage: 80, windowPeriodEnabled: true, nonWindowPeriodEnabled: true, enabled: true },
    { level: 2, percentage: 85, windowPeriodEnabled: true, nonWindowPeriodEnabled: false, enabled: true },
  ],
  minTradeRequirements: { windowTime: 3, nonWindowTime: 5 },
  updatedAt: '2024-05-01T02:00:00.000Z',
  updatedBy: 1,
};

let calls: Call[];
let handlers: Record<string, Handler>;

beforeEach(() => {
  ({ calls, handlers } = mockApi({ [`GET ${PATH}`]: () => ok(STORED) }));
});

const gets = () => calls.filter((c) => c.method === 'GET');
const posts = () => calls.filter((c) => c.method === 'POST');
/** A save is a proposal (202): the server answers the pending change (docs/pending-changes.md). */
const savedEcho: Handler = (call) =>
  changeReplyFixture({ kind: 'option_config', before: STORED, after: call.body });

async function renderPage() {
  renderWithAnt(<OptionControlPage />);
  await screen.findByTestId('option-page');
}

/** Opens the antd select inside `testId` and picks the option titled `value`. */
async function pick(testId: string, value: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const dropdown = await waitFor(() => {
    const open = document.querySelectorAll<HTMLElement>(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
    );
    const last = open[open.length - 1];
    if (!last) throw new Error('no open dropdown');
    return last;
  });
  fireEvent.click(within(dropdown).getByTitle(value));
}

/** The value shown by the antd select inside `testId`. */
const selected = (testId: string) =>
  screen.getByTestId(testId).querySelector('.ant-select-content, .ant-select-selection-item')?.textContent;

const input = (testId: string) => {
  const element = screen.getByTestId(testId);
  return (element.tagName === 'INPUT' ? element : element.querySelector('input')) as HTMLInputElement;
};

function type(testId: string, value: string) {
  const field = input(testId);
  fireEvent.focus(field);
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

const checked = (testId: string) => screen.getByTestId(testId).getAttribute('aria-checked');

describe('OptionControlPage', () => {
  it('shows the stored config: switches, windows, levels with their opening orders, and the minimums', async () => {
    await renderPage();
    expect(screen.getByText('期权控制')).toBeTruthy();
    expect(screen.getByTestId('option-updated').textContent).toBe(
      '最后保存：2024-05-01 10:00:00（管理员 #1）',
    );
    expect(checked('option-enabled')).toBe('true');
    expect(checked('option-maintenance')).toBe('false');

    expect(selected('window-0-start-hour')).toBe('09');
    expect(selected('window-0-start-minute')).toBe('00');
    expect(selected('window-0-end-minute')).toBe('05');
    expect(selected('window-1-start-hour')).toBe('21');
    expect(selected('window-1-end-minute')).toBe('45');
    expect(checked('window-0-enabled')).toBe('true');
    expect(checked('window-1-enabled')).toBe('false');
    expect(within(screen.getByTestId('window-row-1')).getByText('15 分钟')).toBeTruthy();

    expect(input('level-1-level').value).toBe('2');
    expect(input('level-1-percentage').value).toBe('85');
    expect((screen.getByTestId('level-1-non-window') as HTMLInputElement).checked).toBe(false);
    // L2 opens after (2 - 1) × 3 valid orders in window time; it is not valid outside windows.
    expect(screen.getByTestId('level-1-opening').textContent).toBe('3 笔 / 不可用');
    expect(screen.getByTestId('level-0-opening').textContent).toBe('始终开放 / 始终开放');

    expect(input('min-orders-window').value).toBe('3');
    expect(input('min-orders-non-window').value).toBe('5');
    expect(screen.getByTestId('min-orders-non-window-example').textContent).toBe(
      '例如：L2 需 5 笔，L3 需 10 笔有效订单',
    );
    expect(screen.queryByTestId('option-dirty')).toBeNull();
    // ARCHITECTURE.md, "Fair settlement": no profit/loss control anywhere on the page.
    const text = document.body.textContent ?? '';
    for (const word of ['胜率', '败率', '盈亏', '强制', '优先级', '控制输赢'])
      expect(text).not.toContain(word);
  });

  it('says a fresh platform has never saved its config', async () => {
    handlers[`GET ${PATH}`] = () => ok({ ...DEFAULT_OPTION_CONFIG, updatedAt: null, updatedBy: null });
    await renderPage();
    expect(screen.getByTestId('option-updated').textContent).toBe('尚未保存过，当前为默认配置');
  });

  it('saves the whole edited config (four sections, no profitLoss) and shows 保存中... meanwhile', async () => {
    let finish: (response: Response) => void = () => {};
    let sent: Call | undefined;
    handlers[`POST ${PATH}`] = (call) =>
      new Promise<Response>((resolve) => {
        sent = call;
        finish = resolve;
      });
    await renderPage();

    fireEvent.click(screen.getByTestId('option-maintenance'));
    await pick('window-0-start-hour', '10');
    await pick('window-0-end-hour', '10');
    await pick('window-0-end-minute', '30');
    fireEvent.click(screen.getByTestId('window-1-enabled'));
    fireEvent.click(screen.getByTestId('window-add'));
    expect(selected('window-2-start-hour')).toBe('09');
    expect(selected('window-2-end-minute')).toBe('05');
    type('level-1-percentage', '88');
    fireEvent.click(screen.getByTestId('level-1-non-window'));
    fireEvent.click(screen.getByTestId('level-add'));
    expect(input('level-2-level').value).toBe('3');
    type('min-orders-window', '4');
    // Left empty, the non-window minimum falls back to 1 (spec 001 §5).
    type('min-orders-non-window', '');
    expect(screen.getByTestId('option-dirty')).toBeTruthy();

    const button = screen.getByTestId('option-save');
    expect(button.textContent).toContain('保存配置');
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toContain('保存中...'));
    expect(posts()).toHaveLength(1);
    const body = sent?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'globalSettings',
      'investmentLevels',
      'minTradeRequirements',
      'timeWindows',
    ]);
    expect(body).not.toHaveProperty('profitLoss');
    expect(body).toEqual({
      globalSettings: { enabled: true, maintenanceMode: true },
      timeWindows: [
        { start: '10:00', end: '10:30', enabled: true },
        { start: '21:30', end: '21:45', enabled: true },
        { start: '09:00', end: '09:05', enabled: true },
      ],
      investmentLevels: [
        STORED.investmentLevels[0],
        { level: 2, percentage: 88, windowPeriodEnabled: true, nonWindowPeriodEnabled: true, enabled: true },
        { level: 3, percentage: 88, windowPeriodEnabled: true, nonWindowPeriodEnabled: true, enabled: true },
      ],
      minTradeRequirements: { windowTime: 4, nonWindowTime: 1 },
    });

    finish(await savedEcho(sent as Call));
    expect(await screen.findByText('已提交，待另一位管理员批准后生效')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('option-save').textContent).toContain('保存配置'));
    // A proposal: the config in force (and its last save) stays until another admin approves.
    expect(screen.getByTestId('option-updated').textContent).toBe(
      '最后保存：2024-05-01 10:00:00（管理员 #1）',
    );
    expect(gets()).toHaveLength(1);
  });

  it('reports a refused save with the reason and keeps the edits', async () => {
    handlers[`POST ${PATH}`] = () => jsonResponse({ success: false, message: '时间窗口最多 48 个' }, 400);
    await renderPage();
    type('level-0-percentage', '90');
    fireEvent.click(screen.getByTestId('option-save'));
    expect(await screen.findByText('保存期权配置失败: 时间窗口最多 48 个')).toBeTruthy();
    expect(input('level-0-percentage').value).toBe('90');
    expect(screen.getByTestId('option-dirty')).toBeTruthy();
  });

  it('重置配置 reloads from the server and discards the edits', async () => {
    await renderPage();
    type('level-0-percentage', '99');
    fireEvent.click(screen.getByTestId('option-enabled'));
    fireEvent.click(screen.getByTestId('window-0-delete'));
    expect(screen.queryByTestId('window-row-1')).toBeNull();
    const changed = {
      ...STORED,
      minTradeRequirements: { windowTime: 7, nonWindowTime: 5 },
      updatedAt: '2024-05-01T04:00:00.000Z',
    };
    handlers[`GET ${PATH}`] = () => ok(changed);

    fireEvent.click(screen.getByTestId('option-reset'));
    await waitFor(() => expect(input('min-orders-window').value).toBe('7'));
    expect(gets()).toHaveLength(2);
    expect(input('level-0-percentage').value).toBe('80');
    expect(checked('option-enabled')).toBe('true');
    expect(screen.getByTestId('window-row-1')).toBeTruthy();
    expect(screen.queryByTestId('option-dirty')).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('keeps the edits and says so when the reload of 重置配置 fails', async () => {
    await renderPage();
    type('level-0-percentage', '99');
    handlers[`GET ${PATH}`] = () => jsonResponse({ success: false, message: '数据库不可用' }, 400);
    fireEvent.click(screen.getByTestId('option-reset'));
    expect(await screen.findByText('获取期权配置失败: 数据库不可用')).toBeTruthy();
    expect(input('level-0-percentage').value).toBe('99');
  });

  it('refuses to save with the spec messages and sends nothing, then saves once fixed', async () => {
    handlers[`POST ${PATH}`] = savedEcho;
    await renderPage();
    // A window that starts where it ends, a duplicate level, a fractional percentage, a zero minimum.
    await pick('window-1-end-hour', '21');
    await pick('window-1-end-minute', '30');
    type('level-1-level', '1');
    type('level-0-percentage', '80.5');
    type('min-orders-window', '0');
    type('min-orders-non-window', '2.5');
    fireEvent.click(screen.getByTestId('option-save'));

    const alert = await screen.findByTestId('option-validation');
    const lines = Array.from(alert.querySelectorAll('li')).map((li) => li.textContent);
    expect(lines).toEqual(
      expect.arrayContaining([
        '时间窗口 2：时间窗口的开始和结束不能相同',
        '投资等级第 2 行：投资等级 1 重复',
        '投资等级第 1 行：收益百分比必须是整数',
        '窗口期每级最少有效订单数：最少有效订单数至少为 1',
        '非窗口期每级最少有效订单数：最少有效订单数必须是整数',
      ]),
    );
    expect(lines).toHaveLength(5);
    expect(posts()).toHaveLength(0);
    // The offending fields are marked.
    expect(screen.getByTestId('level-0-percentage').closest('.ant-input-number-status-error')).toBeTruthy();

    // Fixing a field removes its line at once; the rest stay until fixed.
    type('level-1-level', '2');
    await waitFor(() =>
      expect(screen.getByTestId('option-validation').textContent).not.toContain('投资等级 1 重复'),
    );
    type('level-0-percentage', '80');
    type('min-orders-window', '2');
    type('min-orders-non-window', '3');
    await pick('window-1-end-minute', '45');
    await waitFor(() => expect(screen.queryByTestId('option-validation')).toBeNull());
    fireEvent.click(screen.getByTestId('option-save'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({ minTradeRequirements: { windowTime: 2, nonWindowTime: 3 } });
    expect(await screen.findByText('已提交，待另一位管理员批准后生效')).toBeTruthy();
  });

  it('says so when there are no windows, and never removes the last level', async () => {
    handlers[`GET ${PATH}`] = () =>
      ok({ ...STORED, timeWindows: [], investmentLevels: [STORED.investmentLevels[0]] });
    await renderPage();
    expect(screen.getByTestId('windows-empty').textContent).toBe('暂无时间窗口，全天均为非窗口期');
    expect(screen.getByTestId('level-0-delete').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('level-add'));
    expect(screen.getByTestId('level-0-delete').hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByTestId('window-add'));
    expect(screen.queryByTestId('windows-empty')).toBeNull();
    expect(selected('window-0-start-hour')).toBe('09');
  });

  it('shows the incomplete-config message followed by 缺少的配置项, and retries', async () => {
    const message = '配置不完整，缺少: investmentLevels, minTradeRequirements。请联系管理员初始化配置。';
    handlers[`GET ${PATH}`] = () =>
      jsonResponse(
        { success: false, message, data: { missingConfigs: ['investmentLevels', 'minTradeRequirements'] } },
        422,
      );
    renderWithAnt(<OptionControlPage />);
    const view = await screen.findByTestId('option-incomplete');
    expect(within(view).getByTestId('option-incomplete-message').textContent).toBe(message);
    expect(within(view).getByTestId('option-incomplete-missing').textContent).toBe(
      '缺少的配置项:投资等级（investmentLevels）等级开放条件（minTradeRequirements）',
    );
    expect(screen.queryByTestId('option-page')).toBeNull();

    handlers[`GET ${PATH}`] = () => ok(STORED);
    fireEvent.click(within(view).getByTestId('load-error-retry'));
    expect(await screen.findByTestId('option-page')).toBeTruthy();
  });

  it('treats a stored config without time windows as incomplete (spec 001 §5: the server names it)', async () => {
    // A success always carries the four sections (optionConfigReply); a stored config that lacks
    // one is the server's 422 with missingConfigs.
    handlers[`GET ${PATH}`] = () =>
      jsonResponse(
        {
          success: false,
          message: incompleteConfigMessage(['timeWindows']),
          data: { missingConfigs: ['timeWindows'] },
        },
        422,
      );
    renderWithAnt(<OptionControlPage />);
    const view = await screen.findByTestId('option-incomplete');
    expect(within(view).getByTestId('option-incomplete-message').textContent).toBe(
      '配置不完整，缺少: timeWindows。请联系管理员初始化配置。',
    );
    expect(within(view).getByTestId('option-incomplete-missing').textContent).toBe(
      '缺少的配置项:时间窗口（timeWindows）',
    );
  });

  it('replaces the page with 获取期权配置失败 and the server message, and retries', async () => {
    handlers[`GET ${PATH}`] = () => jsonResponse({ success: false, message: '权限不足' }, 403);
    renderWithAnt(<OptionControlPage />);
    const view = await screen.findByTestId('load-error');
    expect(within(view).getByText('获取期权配置失败')).toBeTruthy();
    expect(within(view).getByText('权限不足')).toBeTruthy();
    handlers[`GET ${PATH}`] = () => ok(STORED);
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('option-page')).toBeTruthy();
  });

  it('ticks a Beijing clock every second and tells which edited window holds now', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // 01:02:00 UTC is 09:02:00 in Beijing: inside 09:00-09:05.
    vi.setSystemTime(new Date('2024-05-01T01:02:00.000Z'));
    await renderPage();
    const clock = () => screen.getByTestId('option-clock').textContent;
    const period = () => screen.getByTestId('option-period').textContent;
    expect(clock()).toMatch(/^09:0[23]:\d\d$/);
    expect(screen.getByTestId('option-clock-date').textContent).toBe('2024年5月1日 星期三');
    expect(period()).toContain('窗口期中 · 09:00-09:05');
    expect(screen.getByTestId('window-0-active')).toBeTruthy();
    expect(screen.getByTestId('option-period-levels').textContent).toBe('当前时段有效等级：L1、L2');

    // A tick lands somewhere in each second, so the clock shows that second or, late in it, the next.
    vi.setSystemTime(new Date('2024-05-01T01:04:58.000Z'));
    act(() => vi.advanceTimersByTime(1000));
    expect(clock()).toMatch(/^09:04:5[89]$/);
    expect(period()).toContain('窗口期中');
    vi.setSystemTime(new Date('2024-05-01T01:05:00.000Z'));
    act(() => vi.advanceTimersByTime(1000));
    expect(clock()).toMatch(/^09:05:0[01]$/);
    // The end is exclusive: at 09:05:00 the window has closed.
    expect(period()).toContain('非窗口期');
    expect(screen.queryByTestId('window-0-active')).toBeNull();
    expect(screen.getByTestId('option-period-levels').textContent).toBe('当前时段有效等级：L1');

    // The indicator follows the edited windows, before they are saved.
    await pick('window-0-end-minute', '10');
    await waitFor(() => expect(period()).toContain('窗口期中 · 09:00-09:10'));
    fireEvent.click(screen.getByTestId('window-0-enabled'));
    await waitFor(() => expect(period()).toContain('非窗口期'));
  });

  it('in English: the cards, windows, levels, opening conditions, clock and save, with no Chinese', async () => {
    applyLanguage('en');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // 01:02:00 UTC is 09:02:00 in Beijing: inside 09:00-09:05.
    vi.setSystemTime(new Date('2024-05-01T01:02:00.000Z'));
    handlers[`POST ${PATH}`] = savedEcho;
    await renderPage();
    expect(screen.getByText('Option control')).toBeTruthy();
    expect(screen.getByTestId('option-updated').textContent).toBe(
      'Last saved: 2024-05-01 10:00:00 (admin #1)',
    );
    expect(within(screen.getByTestId('window-row-1')).getByText('15 min')).toBeTruthy();
    expect(screen.getByTestId('level-1-opening').textContent).toBe('3 orders / Unavailable');
    expect(screen.getByTestId('level-0-opening').textContent).toBe('Always open / Always open');
    expect(screen.getByTestId('min-orders-non-window-example').textContent).toBe(
      'e.g. L2 needs 5 and L3 needs 10 valid orders',
    );
    expect(screen.getByTestId('option-clock-date').textContent).toBe('Wednesday, May 1, 2024');
    expect(screen.getByTestId('option-period').textContent).toContain('In a window · 09:00-09:05');
    expect(screen.getByTestId('option-period-levels').textContent).toBe('Levels valid now: L1, L2');
    expect(screen.getByTestId('option-save').textContent).toContain('Save');
    expect(chineseIn(screen.getByTestId('option-page'))).toEqual([]);

    fireEvent.click(screen.getByTestId('option-enabled'));
    expect(screen.getByTestId('option-global-notice').textContent).toContain('Options trading is off');
    fireEvent.click(screen.getByTestId('option-save'));
    expect(await screen.findByText('Submitted; it takes effect once another admin approves it')).toBeTruthy();
  });

  it('in English: an incomplete config names the missing sections', async () => {
    applyLanguage('en');
    handlers[`GET ${PATH}`] = () =>
      jsonResponse(
        { success: false, message: 'Incomplete', data: { missingConfigs: ['investmentLevels'] } },
        422,
      );
    renderWithAnt(<OptionControlPage />);
    const view = await screen.findByTestId('option-incomplete');
    expect(within(view).getByTestId('option-incomplete-missing').textContent).toBe(
      'Missing settings:Investment levels (investmentLevels)',
    );
    expect(chineseIn(view)).toEqual([]);
  });
});
