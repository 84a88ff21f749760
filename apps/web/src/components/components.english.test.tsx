import type { SupportContactView } from '@platform/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { mockApi, ok } from '../test/api.ts';
import { chineseIn } from '../test/chinese.ts';
import { renderWithAnt, renderWithAntAt } from '../test/render.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { SearchResetButtons } from './FilterBar.tsx';
import { FormModal } from './FormModal.tsx';
import { ImageViewer } from './ImageViewer.tsx';
import { LoadErrorView } from './LoadErrorView.tsx';
import { NotFound } from './NotFound.tsx';
import { OverviewFrame } from './OverviewFrame.tsx';
import { QrImage } from './QrImage.tsx';
import { useReasonPrompt } from './ReasonPrompt.tsx';
import { RetryImage } from './RetryImage.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SectionError } from './SectionError.tsx';
import { WithSupportContact } from './SupportContact.tsx';
import { UnderConstruction } from './UnderConstruction.tsx';

const noChinese = (element: Element | null = document.body) => expect(chineseIn(element)).toEqual([]);

beforeEach(() => applyLanguage('en'));

describe('the shared components in English', () => {
  it('offers Retry on a failed section, a failed page and a crashed component', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Crash(): never {
      throw new Error('boom');
    }
    render(
      <>
        <SectionError title="Failed" onRetry={() => {}} testId="section" />
        <LoadErrorView title="Failed to load" onRetry={() => {}} />
        <ErrorBoundary>
          <Crash />
        </ErrorBoundary>
      </>,
    );
    expect(screen.getByTestId('section-retry').textContent).toBe('Retry');
    expect(screen.getByTestId('load-error-retry').textContent).toBe('Retry');
    expect(screen.getByText('Component failed to load')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(3);
    noChinese();
  });

  it('frames an overview with Last updated and Refresh', async () => {
    renderWithAntAt(
      <OverviewFrame
        title="Overview"
        testId="demo"
        queryKey={['demo-overview']}
        fetch={async () => 1}
        refreshMs={60_000}
        loadFailed="Failed"
        link={{ to: '/list', label: 'List', icon: null, testId: 'demo-link' }}
      >
        {() => <div>figures</div>}
      </OverviewFrame>,
    );
    expect((await screen.findByTestId('demo-updated-at')).textContent).toMatch(/^Last updated: /);
    expect(screen.getByTestId('demo-refresh').textContent).toBe('Refresh');
    noChinese();
  });

  it('words a form modal’s footer and its saved message', async () => {
    function Modal({ editing }: { editing: boolean }) {
      const [form] = Form.useForm<{ a?: string }>();
      return (
        <FormModal
          title="Item"
          width={400}
          editing={editing}
          form={form}
          initialValues={{}}
          save={async () => ({})}
          failure={() => 'failed'}
          onSaved={() => {}}
          onClose={() => {}}
          saveTestId={editing ? 'save-edit' : 'save-add'}
        >
          <span />
        </FormModal>
      );
    }
    renderWithAnt(
      <>
        <Modal editing={false} />
        <Modal editing />
      </>,
    );
    expect(screen.getByTestId('save-add').textContent).toBe('Add');
    expect(screen.getByTestId('save-edit').textContent).toBe('Save');
    expect(screen.getAllByRole('button', { name: 'Cancel' }).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('save-add'));
    expect(await screen.findByText('Added')).toBeTruthy();
    fireEvent.click(screen.getByTestId('save-edit'));
    expect(await screen.findByText('Updated')).toBeTruthy();
    noChinese();
  });

  it('asks for a rejection reason in English', async () => {
    function Prompt() {
      const { prompt, element } = useReasonPrompt();
      useEffect(() => void prompt({ title: 'Reject?' }), [prompt]);
      return element;
    }
    renderWithAnt(<Prompt />);
    expect(await screen.findByText('Enter the reason for rejection:')).toBeTruthy();
    expect(screen.getByTestId('reason-cancel').textContent).toBe('Cancel');
    fireEvent.click(screen.getByTestId('reason-ok'));
    expect((await screen.findByTestId('reason-error')).textContent).toBe('Enter the reason for rejection');
    expect(screen.getByTestId('reason-ok').textContent).toBe('OK');
    noChinese();
  });

  it('names a missing image, a failed one and the viewer’s controls', async () => {
    render(
      <>
        <RetryImage url={null} alt="ID front" width={80} height={60} testId="none" />
        <RetryImage url="/a.png" alt="ID back" width={80} height={60} onOpen={() => {}} testId="img" />
      </>,
    );
    expect(screen.getByTestId('none').textContent).toBe('No image');
    expect(screen.getByRole('button', { name: 'View ID back' })).toBeTruthy();
    fireEvent.error(screen.getByTestId('img'));
    expect((await screen.findByTestId('img-failed')).textContent).toBe('Image failed to loadReload');
    render(<ImageViewer src="/a.png" onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Image viewer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zoom in (+)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close (Esc)' })).toBeTruthy();
    noChinese();
  });

  it('shows a QR image that failed with Reload', async () => {
    mockApi({});
    renderWithAnt(<QrImage url="/api/files/qrcodes/x.png" testId="qr" />);
    await waitFor(() =>
      expect(screen.getByTestId('qr-failed').textContent).toBe('Image failed to loadReload'),
    );
  });

  it('words the not-found page, the placeholder, the filter buttons and the search box', () => {
    renderWithAntAt(
      <>
        <NotFound />
        <UnderConstruction title="Soon" />
        <SearchResetButtons onSearch={() => {}} onReset={() => {}} testIdPrefix="filter" />
        <SearchBox value="" onSearch={() => {}} testId="box" />
      </>,
    );
    expect(screen.getByText('Page not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy();
    expect(screen.getByText('Under construction')).toBeTruthy();
    expect(screen.getByTestId('filter-search').textContent).toBe('Search');
    expect(screen.getByTestId('filter-reset').textContent).toBe('Reset');
    expect(screen.getByTestId('box-submit').getAttribute('aria-label')).toBe('Search');
    noChinese();
  });

  it('shows the support contact under an English message that asks for it', async () => {
    const contact: SupportContactView = {
      label: 'Live chat',
      value: 'https://support.example.com/chat',
      kind: 'link',
      href: 'https://support.example.com/chat',
    };
    mockApi({ 'GET /api/support/contact': () => ok({ contact }) });
    renderWithAnt(<WithSupportContact text="This account is disabled; contact support" />);
    expect((await screen.findByTestId('support-contact-hint')).textContent).toBe(
      'Contact support (Live chat): https://support.example.com/chat',
    );
  });
});
