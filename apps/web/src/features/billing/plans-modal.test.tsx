// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BillingReply } from '@app/contracts';
import { AuthProvider } from '../../lib/auth';
import {
  CheckoutNotice,
  CheckoutWatchProvider,
  changeNotice,
  useCheckoutWatch,
} from './checkout-watch';
import PlansModal, { onFreeCredits, subscriptionLine } from './plans-modal';

interface Call {
  url: string;
  method: string;
  body: unknown;
}
let calls: Call[] = [];
type Answer = { status: number; body: unknown };
let answer: (call: Call) => Answer;

const billing = (over: Partial<BillingReply> = {}): BillingReply => ({
  payments: 'demo',
  plan: 'basic',
  subscription: null,
  credit_pack: { credits: 100, price_cents: 900, currency: 'usd' },
  ...over,
});

function fakeTab() {
  return {
    opener: {} as unknown,
    closed: false,
    document: document.implementation.createHTMLDocument('blank'),
    location: { replace: vi.fn() },
    close: vi.fn(),
  };
}
let tab: ReturnType<typeof fakeTab>;
let openTab: ReturnType<typeof vi.fn>;

beforeEach(() => {
  calls = [];
  localStorage.clear();
  localStorage.setItem('auth_token', 'token-for-tests-0123456789');
  localStorage.setItem('credits_balance', '3');
  localStorage.setItem('subscription_plan', 'basic');
  tab = fakeTab();
  openTab = vi.fn(() => tab);
  vi.stubGlobal('open', openTab);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const call = {
        url: String(url),
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(init.body as string) : null,
      };
      calls.push(call);
      const { status, body } = answer(call);
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function defaults(reply: BillingReply, me = { credits_balance: 3, subscription_plan: 'basic' }) {
  return (call: Call): Answer => {
    if (call.url.endsWith('/api/v1/auth/me'))
      return { status: 200, body: { email: 'a@example.com', ...me } };
    if (call.url.endsWith('/api/v1/config')) {
      return {
        status: 200,
        body: {
          llm_enabled: false,
          google_client_id: null,
          facebook_app_id: null,
          facebook_api_version: 'v23.0',
          instagram: null,
          payments: reply.payments,
          mail: 'outbox',
        },
      };
    }
    if (call.url.endsWith('/api/v1/stripe/subscription')) return { status: 200, body: reply };
    return { status: 404, body: { message: 'not stubbed', code: 'not_found' } };
  };
}

function renderModal(onShowHistory?: () => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <CheckoutWatchProvider>
          <PlansModal onClose={() => undefined} onShowHistory={onShowHistory} />
          <CheckoutNotice />
        </CheckoutWatchProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('plans modal', () => {
  it('without a subscription: says so once, marks no plan current, every plan can be chosen and opens its checkout in a new tab', async () => {
    const base = defaults(billing());
    answer = (call) =>
      call.url.endsWith('/api/v1/stripe/checkout-session')
        ? {
            status: 200,
            body: {
              url: 'http://localhost/api/v1/stripe/demo/checkout/cs_demo_x.y',
              kind: 'checkout',
            },
          }
        : base(call);
    renderModal();
    const basic = await screen.findByTestId('plan-card-basic');
    await waitFor(() =>
      expect(screen.getByTestId('plan-status').textContent).toBe(
        'No subscription yet: you are using your free credits.',
      ),
    );
    // said once, above the plans, and no plan claims to be the account's
    expect(screen.getAllByTestId('plan-status')).toHaveLength(1);
    expect(within(basic).queryByTestId('plan-status')).toBeNull();
    expect(screen.queryByText('Current plan')).toBeNull();
    for (const id of ['basic', 'pro', 'advanced'])
      expect(screen.getByTestId(`plan-card-${id}`).dataset.current).toBe('false');
    expect(within(basic).getByRole('button').textContent).toBe('Choose Basic');
    expect(within(screen.getByTestId('plan-card-pro')).getByText('$79/month')).toBeTruthy();
    expect(
      within(screen.getByTestId('plan-card-advanced')).getByText('5,000 credits per month'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Choose Pro' }));
    // The tab opens during the click, before the server answers (popup blockers allow only that).
    expect(openTab).toHaveBeenCalledWith('', '_blank');
    await waitFor(() =>
      expect(tab.location.replace).toHaveBeenCalledWith(
        'http://localhost/api/v1/stripe/demo/checkout/cs_demo_x.y',
      ),
    );
    expect(tab.opener).toBeNull();
    const post = calls.find((c) => c.url.endsWith('/stripe/checkout-session'))!;
    expect(post).toMatchObject({ method: 'POST', body: { plan: 'pro' } });
    expect(
      screen.getByText('Demo payments: checkout opens in a new tab and no card is charged.'),
    ).toBeTruthy();
  });

  it('offers the credit history when the header can show it', async () => {
    answer = defaults(billing());
    const onShowHistory = vi.fn();
    renderModal(onShowHistory);
    fireEvent.click(await screen.findByRole('button', { name: 'Credit history' }));
    expect(onShowHistory).toHaveBeenCalledTimes(1);
    cleanup();
    renderModal();
    await screen.findByTestId('plan-card-basic');
    expect(screen.queryByRole('button', { name: 'Credit history' })).toBeNull();
  });

  it('a failed purchase closes the blank tab and says why in the dialog', async () => {
    const base = defaults(billing({ payments: 'stripe' }));
    answer = (call) =>
      call.url.endsWith('/api/v1/stripe/checkout-session')
        ? {
            status: 502,
            body: {
              message: 'Could not reach the payment provider. Please try again in a minute.',
              code: 'payment_provider_error',
            },
          }
        : base(call);
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Advanced' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Could not start the checkout: Could not reach the payment provider. Please try again in a minute.',
    );
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Choose Advanced' }).disabled,
    ).toBe(false);
  });

  it('a subscriber manages the current plan and switches to others', async () => {
    localStorage.setItem('subscription_plan', 'pro');
    const base = defaults(
      billing({
        plan: 'pro',
        subscription: {
          plan: 'pro',
          status: 'active',
          current_period_end: '2027-01-15T10:00:00.000Z',
          cancel_at_period_end: false,
          manageable: true,
        },
      }),
      { credits_balance: 1503, subscription_plan: 'pro' },
    );
    answer = (call) =>
      call.url.endsWith('/api/v1/stripe/portal-session')
        ? { status: 200, body: { url: 'https://billing.example/portal', kind: 'portal' } }
        : base(call);
    renderModal();
    const pro = await screen.findByTestId('plan-card-pro');
    await waitFor(() => expect(within(pro).getByRole('button').textContent).toBe('Manage plan'));
    expect(pro.dataset.current).toBe('true');
    expect(within(pro).getByTestId('plan-status').textContent).toBe('Renews on Jan 15, 2027.');
    expect(screen.getByRole('button', { name: 'Switch to Basic' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Switch to Advanced' })).toBeTruthy();
    fireEvent.click(within(pro).getByRole('button'));
    await waitFor(() =>
      expect(tab.location.replace).toHaveBeenCalledWith('https://billing.example/portal'),
    );
  });

  it('with purchases turned off the buttons are disabled and say so', async () => {
    answer = defaults(billing({ payments: 'off' }));
    renderModal();
    await screen.findByText('Purchases are turned off on this server.');
    for (const button of screen.getAllByRole('button', { name: /^Choose/ })) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
  });
});

function ReturnButton() {
  const { returned } = useCheckoutWatch();
  return (
    <button type="button" onClick={() => returned('success')}>
      back
    </button>
  );
}

describe('back from checkout', () => {
  it('re-reads the balance until the webhook has added the credits, then confirms', async () => {
    let meCalls = 0;
    answer = (call) => {
      if (call.url.endsWith('/api/v1/auth/me')) {
        meCalls += 1;
        // The first reads still show the old balance: the webhook arrives a moment later.
        return {
          status: 200,
          body: {
            email: 'a@example.com',
            credits_balance: meCalls < 3 ? 3 : 403,
            subscription_plan: 'basic',
          },
        };
      }
      return { status: 404, body: { message: 'x', code: 'x' } };
    };
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <AuthProvider>
          <CheckoutWatchProvider>
            <ReturnButton />
            <CheckoutNotice />
          </CheckoutWatchProvider>
        </AuthProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect((await screen.findByTestId('checkout-notice')).textContent).toContain(
      'Confirming your payment…',
    );
    await waitFor(
      () =>
        expect(screen.getByTestId('checkout-notice').textContent).toContain(
          'Payment received. 400 credits added; your balance is 403.',
        ),
      { timeout: 8000 },
    );
    expect(meCalls).toBeGreaterThanOrEqual(3);
  });
});

describe('purchase messages', () => {
  it('names the credits added and a new plan', () => {
    expect(changeNotice({ credits: 3, plan: 'basic' }, { credits: 3, plan: 'basic' })).toBeNull();
    expect(changeNotice({ credits: 3, plan: 'basic' }, { credits: 1503, plan: 'pro' })?.text).toBe(
      'You are on the Pro plan now. 1,500 credits added; your balance is 1,503.',
    );
    expect(changeNotice({ credits: 10, plan: 'basic' }, { credits: 11, plan: 'basic' })?.text).toBe(
      'Payment received. 1 credit added; your balance is 11.',
    );
  });

  it('says where a subscription stands', () => {
    const sub = {
      plan: 'pro' as const,
      status: 'active' as const,
      current_period_end: '2027-02-01T00:00:00Z',
      cancel_at_period_end: true,
      manageable: true,
    };
    expect(subscriptionLine(sub, 'pro')).toBe('Cancelled: ends on Feb 1, 2027.');
    expect(subscriptionLine({ ...sub, status: 'past_due' }, 'pro')).toMatch(/payment failed/);
    // a stopped subscription leaves the account on its credits: the window says so once, above the plans
    expect(subscriptionLine({ ...sub, status: 'canceled' }, 'basic')).toBeNull();
    expect(onFreeCredits({ ...sub, status: 'canceled' }, 'basic')).toBe(true);
    expect(onFreeCredits(null, 'basic')).toBe(true);
    expect(onFreeCredits(sub, 'pro')).toBe(false);
  });
});
