import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  applyListParamsChange,
  type ListParamsValues,
  param,
  readListParams,
  type SetListParams,
  useListParams,
  writeListParams,
} from './listParams.ts';

const SCHEMA = {
  status: param.oneOf(['all', 'pending', 'approved'], 'all'),
  search: param.search({ max: 10 }),
  from: param.day(),
  size: param.intOneOf([20, 50, 100], 20),
  page: param.page(),
};
type Values = ListParamsValues<typeof SCHEMA>;

let latest: { values: Values; set: SetListParams<typeof SCHEMA> } | undefined;

function Probe() {
  const [values, set] = useListParams(SCHEMA);
  latest = { values, set };
  return <div data-testid="values">{JSON.stringify(values)}</div>;
}

function open(path: string) {
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const current = () => latest!.values;
const set = (change: Partial<Values>, options?: { replace?: boolean }) =>
  act(() => latest!.set(change, options));

describe('readListParams / writeListParams', () => {
  it('reads the defaults from an empty address and writes nothing for them', () => {
    const values = readListParams(SCHEMA, new URLSearchParams());
    expect(values).toEqual({ status: 'all', search: '', from: '', size: 20, page: 1 });
    expect(writeListParams(SCHEMA, new URLSearchParams(), values).toString()).toBe('');
  });

  it('falls back to the default for every value it does not accept', () => {
    for (const query of [
      'status=bogus&search=far-too-long-text&from=2026-02-30&size=7&page=0',
      'status=&from=yesterday&size=abc&page=-3',
      'status=PENDING&from=2026-1-1&size=20.5&page=1.5',
      'page=99999999999999999999&size=1e2',
      'page=%00&status=%E0%A4%A',
    ]) {
      expect(readListParams(SCHEMA, new URLSearchParams(query)), query).toEqual({
        status: 'all',
        search: '',
        from: '',
        size: 20,
        page: 1,
      });
    }
  });

  it('reads accepted values and keeps keys it does not know when writing', () => {
    const params = new URLSearchParams(
      'status=pending&search=%20bob%20&from=2024-02-29&size=50&page=3&tab=x',
    );
    const values = readListParams(SCHEMA, params);
    expect(values).toEqual({ status: 'pending', search: 'bob', from: '2024-02-29', size: 50, page: 3 });
    const written = writeListParams(SCHEMA, params, { ...values, status: 'all', page: 1 });
    expect(Object.fromEntries(written)).toEqual({ search: 'bob', from: '2024-02-29', size: '50', tab: 'x' });
  });

  it('goes back to page 1 on any change but the page, and replaces only for the search', () => {
    const at3 = readListParams(SCHEMA, new URLSearchParams('page=3'));
    expect(applyListParamsChange(SCHEMA, at3, { status: 'pending' })).toMatchObject({
      values: { status: 'pending', page: 1 },
      replace: false,
    });
    expect(applyListParamsChange(SCHEMA, at3, { search: 'bob' })).toMatchObject({
      values: { search: 'bob', page: 1 },
      replace: true,
    });
    expect(applyListParamsChange(SCHEMA, at3, { page: 4 })).toMatchObject({
      values: { page: 4 },
      replace: false,
    });
    // The same value again is no change: the page stays.
    expect(applyListParamsChange(SCHEMA, at3, { status: 'all' })).toMatchObject({
      values: { page: 3 },
      changed: [],
    });
  });
});

describe('useListParams', () => {
  it('reads the defaults, and a value it does not accept as the default', () => {
    open('/list?status=bogus&page=abc&size=30');
    expect(current()).toEqual({ status: 'all', search: '', from: '', size: 20, page: 1 });
    expect(JSON.parse(screen.getByTestId('values').textContent ?? '')).toMatchObject({ page: 1 });
  });

  it('a filter change resets the page to 1 and adds a history entry; back returns to it', async () => {
    const router = open('/list?status=pending&page=4');
    expect(current()).toMatchObject({ status: 'pending', page: 4 });

    set({ status: 'approved' });
    expect(current()).toMatchObject({ status: 'approved', page: 1 });
    expect(router.state.location.search).toBe('?status=approved');
    expect(router.state.historyAction).toBe('PUSH');

    set({ page: 2 });
    expect(router.state.location.search).toBe('?status=approved&page=2');
    expect(router.state.historyAction).toBe('PUSH');

    await act(() => router.navigate(-1));
    expect(current()).toMatchObject({ status: 'approved', page: 1 });
    await act(() => router.navigate(-1));
    expect(current()).toMatchObject({ status: 'pending', page: 4 });
  });

  it('the search replaces the history entry (typing does not fill the history) and resets the page', async () => {
    const router = open('/list?page=2');
    set({ status: 'pending' });
    set({ search: 'a' });
    expect(router.state.historyAction).toBe('REPLACE');
    set({ search: 'al' });
    set({ search: 'ali' });
    expect(current()).toMatchObject({ status: 'pending', search: 'ali', page: 1 });
    expect(router.state.location.search).toBe('?status=pending&search=ali');
    // One step back is the list before the status change, not a half-typed search.
    await act(() => router.navigate(-1));
    expect(current()).toMatchObject({ status: 'all', search: '', page: 2 });
  });

  it('setting what is there already does not navigate; { replace } overrides the choice', () => {
    const router = open('/list?status=pending');
    const before = router.state.location.key;
    set({ status: 'pending' });
    expect(router.state.location.key).toBe(before);
    set({ page: 3 }, { replace: true });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(current().page).toBe(3);
  });
});
