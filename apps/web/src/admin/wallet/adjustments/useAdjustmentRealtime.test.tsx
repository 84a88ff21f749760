import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disconnectSocket } from '../../../lib/socket.ts';
import { fakeSockets } from '../../../test/fake-socket.ts';
import { makeAdmin, storeSession } from '../../../test/fixtures.ts';
import { useAdjustmentRealtime } from './useAdjustmentRealtime.ts';

vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket.ts')).fakeSocketModule);

let notifications: { title: string; body?: string }[];
let beeps: ReturnType<typeof vi.fn>;

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  storeSession(makeAdmin(), 'admin-token');
  notifications = [];
  beeps = vi.fn();
  class FakeNotification {
    static permission = 'granted';
    constructor(title: string, options?: { body?: string }) {
      notifications.push({ title, body: options?.body });
    }
  }
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    createOscillator() {
      return { type: '', frequency: { value: 0 }, connect() {}, start: beeps, stop() {}, onended: null };
    }
    createGain() {
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} };
    }
    close() {
      return Promise.resolve();
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('AudioContext', FakeAudioContext);
});
afterEach(() => vi.unstubAllGlobals());

function mount() {
  const reload = vi.fn();
  const hook = renderHook(() => useAdjustmentRealtime(reload));
  const socket = fakeSockets.at(-1);
  if (!socket) throw new Error('the hook opened no socket');
  return { reload, socket, unmount: hook.unmount };
}

describe('useAdjustmentRealtime', () => {
  it('on a proposal for this admin to review: beeps, shows a browser notification and reloads', () => {
    const { reload, socket } = mount();
    act(() =>
      socket.receive('admin_notification', {
        type: 'adjustment',
        sound: true,
        title: '新的余额调整待复核',
        message: 'a@example.com 提交了对 b@example.com 的余额调整 +88.5 USDT，需要另一位管理员复核',
        id: 5,
      }),
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(beeps).toHaveBeenCalledTimes(1);
    expect(notifications).toEqual([
      {
        title: '新的余额调整待复核',
        body: 'a@example.com 提交了对 b@example.com 的余额调整 +88.5 USDT，需要另一位管理员复核',
      },
    ]);

    // Silent and without text: no beep, the default words.
    act(() =>
      socket.receive('admin_notification', {
        type: 'adjustment',
        sound: false,
        title: '',
        message: '',
        id: 6,
      }),
    );
    expect(reload).toHaveBeenCalledTimes(2);
    expect(beeps).toHaveBeenCalledTimes(1);
    expect(notifications.at(-1)).toEqual({
      title: '新的余额调整待复核',
      body: '有新的余额调整需要另一位管理员复核',
    });
  });

  it("ignores other pages' notifications and reloads silently on any review", () => {
    const { reload, socket } = mount();
    for (const type of ['withdrawal', 'deposit', 'reconciliation', 'payout', undefined]) {
      act(() => socket.receive('admin_notification', { type, sound: true, title: 'x', message: 'y', id: 1 }));
    }
    act(() => socket.receive('admin_notification', undefined));
    expect(reload).not.toHaveBeenCalled();
    expect(beeps).not.toHaveBeenCalled();
    expect(notifications).toEqual([]);

    act(() => socket.receive('adjustment_status_update', { id: 5, status: 'approved', reviewed_by: 2 }));
    act(() => socket.receive('adjustment_status_update', { id: 6, status: 'rejected', reviewed_by: 1 }));
    expect(reload).toHaveBeenCalledTimes(2);
    expect(beeps).not.toHaveBeenCalled();
    expect(notifications).toEqual([]);
  });

  it('stops listening when the page unmounts', () => {
    const { reload, socket, unmount } = mount();
    unmount();
    act(() =>
      socket.receive('admin_notification', {
        type: 'adjustment',
        sound: true,
        title: '',
        message: '',
        id: 1,
      }),
    );
    act(() => socket.receive('adjustment_status_update', { id: 1, status: 'approved', reviewed_by: 2 }));
    expect(reload).not.toHaveBeenCalled();
    expect(beeps).not.toHaveBeenCalled();
  });
});
