import { PLAN_CATALOGUE, type Plan } from '@app/contracts';
import type { DemoCheckoutView } from '../../services/billing/demo-checkout';

/**
 * Server-rendered pages of the purchase flow: the demo checkout and portal, and the readable pages
 * a browser tab gets when a checkout cannot open (signed out, payments off, a bad link). They run
 * under the app's Content-Security-Policy: no script at all, one inline <style> (style-src allows
 * it), forms posting to this origin. Every value is HTML-escaped.
 */

const PLAN_NAMES: Record<Plan, string> = { basic: 'Basic', pro: 'Pro', advanced: 'Advanced' };

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Marks text that is already HTML (built from escaped parts). */
class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** A template tag that escapes every interpolated value except Html (and arrays of it). */
export function html(strings: TemplateStringsArray, ...values: Renderable[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new Html(out);
}

type Renderable = Html | string | number | boolean | null | undefined | Renderable[];

function render(value: Renderable): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

const count = new Intl.NumberFormat('en-US');

export function formatDay(date: Date | null): string {
  if (!date) return '';
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const STYLE = `
:root { color-scheme: light dark; --bg:#f5f6fb; --panel:#ffffff; --soft:#eceefa; --border:#d5d9ea;
  --text:#141a2e; --muted:#4a536e; --accent:#4b3cd6; --on-accent:#ffffff; --warn-bg:#fff4d6;
  --warn-text:#5c4100; --ok:#137a43; --danger:#b3261e; --focus:#b45309; }
@media (prefers-color-scheme: dark) {
  :root { --bg:#0b0e1a; --panel:#141a2e; --soft:#1c2340; --border:#2c3558; --text:#eef1fb;
    --muted:#a9b2cf; --accent:#5b4ee0; --on-accent:#ffffff; --warn-bg:#3a2e10; --warn-text:#ffe2a3;
    --ok:#6fe3a6; --danger:#ff8a8a; --focus:#ffd166; }
}
* { box-sizing: border-box; }
body { margin:0; min-height:100vh; background:var(--bg); color:var(--text);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  display:flex; align-items:flex-start; justify-content:center; padding:2rem 1rem; }
main { width:min(520px,100%); background:var(--panel); border:1px solid var(--border);
  border-radius:16px; padding:1.5rem; box-shadow:0 10px 30px rgba(0,0,0,.18); }
.brand { font-weight:800; margin:0 0 1rem; display:flex; gap:.4rem; align-items:center; }
.brand span { color:var(--accent); }
h1 { font-size:1.4rem; margin:.25rem 0 .5rem; }
p { margin:.5rem 0; }
.muted { color:var(--muted); }
.demo { background:var(--warn-bg); color:var(--warn-text); border-radius:10px; padding:.6rem .9rem;
  margin:0 0 1rem; }
.demo strong { display:block; }
.lines { list-style:none; padding:0; margin:1rem 0; border-top:1px solid var(--border); }
.lines li { display:flex; justify-content:space-between; gap:1rem; padding:.6rem 0;
  border-bottom:1px solid var(--border); }
.lines li.total { font-weight:800; font-size:1.1rem; }
.qty { margin:.75rem 0; }
.qty-row { display:flex; gap:.5rem; align-items:stretch; }
.qty-row button { padding:.45rem .9rem; }
.lines li > span:last-child { white-space:nowrap; text-align:right; }
label { font-weight:600; display:block; margin-bottom:.25rem; }
input[type=number] { width:6rem; font:inherit; padding:.45rem .6rem; border-radius:10px;
  border:1px solid var(--border); background:var(--bg); color:var(--text); }
.actions { display:flex; flex-wrap:wrap; gap:.6rem; align-items:center; margin-top:1rem; }
button, .button { font:inherit; font-weight:600; border-radius:10px; padding:.6rem 1.1rem;
  border:1px solid transparent; cursor:pointer; text-decoration:none; display:inline-block; }
.primary { background:var(--accent); color:var(--on-accent); }
.ghost { background:transparent; color:var(--text); border-color:var(--border); }
.danger { background:transparent; color:var(--danger); border-color:var(--danger); }
a { color:var(--accent); }
@media (prefers-color-scheme: dark) { a { color:#b3a9ff; } }
a:focus-visible, button:focus-visible, input:focus-visible { outline:3px solid var(--focus);
  outline-offset:2px; }
.ok { color:var(--ok); font-weight:700; }
.error { color:var(--danger); font-weight:700; }
.card { border:1px solid var(--border); border-radius:12px; padding:1rem; margin:1rem 0;
  background:var(--soft); }
.card h2 { font-size:1.05rem; margin:0 0 .25rem; }
form { margin:0; }
`;

/** A whole page around `body`. */
export function page(title: string, body: Html): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Chorus</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand"><span aria-hidden="true">◎</span> Chorus</p>
${body.value}
</main>
</body>
</html>`;
}

/** A page that explains why a checkout could not open and where to go. */
export function messagePage(input: {
  title: string;
  message: string;
  link?: { href: string; label: string };
}): string {
  return page(
    input.title,
    html`<h1>${input.title}</h1>
      <p>${input.message}</p>
      ${input.link ? html`<p class="actions"><a class="button primary" href="${input.link.href}">${input.link.label}</a></p>` : ''}`,
  );
}

const DEMO_NOTE = html`<div class="demo" role="note">
  <strong>Demo checkout: no card is charged.</strong> This server runs payments in demo mode, so
  paying here adds what you buy at once and costs nothing.
</div>`;

/** The checkout session as shown, and where the page's form posts. */
export interface DemoCheckoutPageInput extends DemoCheckoutView {
  action: string;
  /** The buyer pressed Pay after changing the quantity: the page shows the new total first. */
  quantityChanged?: boolean;
  /** The quantity asked for could not be sold ("Buy at least one credit pack."): said on the page. */
  quantityError?: string;
}

/** The demo checkout: what is bought, its price, a quantity for packs, Pay and Cancel. */
export function demoCheckoutPage(input: DemoCheckoutPageInput): string {
  const who = input.email ? html`<p class="muted">For ${input.email}</p>` : '';
  if (input.completed) {
    return page(
      'Purchase complete',
      html`${DEMO_NOTE}
        <h1>Purchase complete</h1>
        ${who}
        <p class="ok">This checkout has been paid. What you bought is on your account.</p>
        <p class="actions">
          <a class="button primary" href="${input.successUrl}">Return to Chorus</a>
        </p>`,
    );
  }
  if (input.item.kind === 'packs') {
    const packs = input.item.packs;
    const credits = packs * input.creditsPerPack;
    const total = packs * input.priceCentsPerPack;
    return page(
      'Buy credits',
      html`${DEMO_NOTE}
        <h1>Buy credits</h1>
        ${who}
        <form method="post" action="${input.action}">
          <ul class="lines">
            <li>
              <span>Credit pack: ${count.format(input.creditsPerPack)} credits</span
              ><span>${money(input.priceCentsPerPack, input.currency)} each</span>
            </li>
            <li><span>Packs</span><span>${packs}</span></li>
            <li>
              <span>Credits added</span
              ><span data-testid="demo-credits">${count.format(credits)}</span>
            </li>
            <li class="total">
              <span>Total today</span
              ><span data-testid="demo-total">${money(total, input.currency)}</span>
            </li>
          </ul>
          <p class="muted">
            1 credit covers 100 comments, so this covers ${count.format(credits * 100)} comments.
          </p>
          ${
            input.quantityError
              ? html`<p class="error" role="alert">${input.quantityError}</p>`
              : input.quantityChanged
                ? html`<p class="ok" role="status">
                    You changed the number of packs: here is the new total. Press Pay to buy.
                  </p>`
                : ''
          }
          <div class="qty">
            <label for="packs">Number of packs</label>
            <div class="qty-row">
              <input
                id="packs"
                name="packs"
                type="number"
                min="1"
                max="100"
                step="1"
                value="${packs}"
                required
              />
              <button type="submit" class="ghost" formmethod="get" formaction="${input.action}">
                Update total
              </button>
            </div>
          </div>
          <input type="hidden" name="quoted" value="${packs}" />
          <div class="actions">
            <button type="submit" class="primary">Pay ${money(total, input.currency)}</button>
            <a href="${input.cancelUrl}">Cancel and return to Chorus</a>
          </div>
        </form>`,
    );
  }
  const plan = PLAN_CATALOGUE[input.item.plan];
  const name = PLAN_NAMES[input.item.plan];
  return page(
    `Subscribe to ${name}`,
    html`${DEMO_NOTE}
      <h1>Subscribe to ${name}</h1>
      ${who}
      <form method="post" action="${input.action}">
        <ul class="lines">
          <li>
            <span>Chorus ${name}, monthly</span
            ><span>${money(plan.priceCents, input.currency)} / month</span>
          </li>
          <li>
            <span>Credits each paid month</span><span>${count.format(plan.creditsPerMonth)}</span>
          </li>
          <li><span>Comments covered</span><span>${count.format(plan.commentsCovered)}</span></li>
          <li class="total">
            <span>Total today</span
            ><span data-testid="demo-total">${money(plan.priceCents, input.currency)}</span>
          </li>
        </ul>
        <p class="muted">
          Renews every month until you cancel. Manage or cancel it from the plans window in Chorus.
        </p>
        <div class="actions">
          <button type="submit" class="primary">
            Subscribe for ${money(plan.priceCents, input.currency)} a month
          </button>
          <a href="${input.cancelUrl}">Cancel and return to Chorus</a>
        </div>
      </form>`,
  );
}

export interface DemoPortalPageInput {
  action: string;
  plan: Plan;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  switchTo: Plan | null;
  currency: string;
  email: string | null;
  returnUrl: string;
  /** What was just done, shown once. */
  notice: string | null;
}

/** The demo billing portal: the plan and its renewal, switch to an offered plan, cancel or keep it. */
export function demoPortalPage(input: DemoPortalPageInput): string {
  const name = PLAN_NAMES[input.plan];
  const price = money(PLAN_CATALOGUE[input.plan].priceCents, input.currency);
  const day = formatDay(input.currentPeriodEnd);
  const ended = input.status === 'canceled';
  const state = ended
    ? html`<p>This plan has ended.</p>`
    : input.cancelAtPeriodEnd
      ? html`<p>Cancelled: you keep ${name} until <strong>${day}</strong>, then it ends.</p>`
      : html`<p>Renews on <strong>${day}</strong>.</p>`;
  const target = input.switchTo && input.switchTo !== input.plan ? input.switchTo : null;
  const switchCard = target
    ? html`<section class="card" aria-labelledby="switch-title">
        <h2 id="switch-title">Switch to ${PLAN_NAMES[target]}</h2>
        <p>
          ${money(PLAN_CATALOGUE[target].priceCents, input.currency)} a month and
          ${count.format(PLAN_CATALOGUE[target].creditsPerMonth)} credits at each renewal. The new
          plan applies at once and your renewal date stays the same. No card is charged in the demo.
        </p>
        <form method="post" action="${input.action}">
          <input type="hidden" name="action" value="switch" />
          <button type="submit" class="primary">Confirm switch to ${PLAN_NAMES[target]}</button>
        </form>
      </section>`
    : '';
  const cancel = ended
    ? ''
    : input.cancelAtPeriodEnd
      ? html`<form method="post" action="${input.action}">
          <input type="hidden" name="action" value="resume" />
          <button type="submit" class="primary">Keep my ${name} plan</button>
        </form>`
      : html`<form method="post" action="${input.action}">
          <input type="hidden" name="action" value="cancel" />
          <button type="submit" class="danger">Cancel plan</button>
        </form>`;
  return page(
    'Manage your plan',
    html`<div class="demo" role="note">
        <strong>Demo billing portal: no card is charged.</strong> This is where Stripe's billing
        portal would let you change or cancel your plan.
      </div>
      <h1>Manage your plan</h1>
      ${input.email ? html`<p class="muted">For ${input.email}</p>` : ''}
      ${input.notice ? html`<p class="ok" role="status">${input.notice}</p>` : ''}
      <section class="card" aria-labelledby="plan-title">
        <h2 id="plan-title">${name} plan</h2>
        <p>
          ${price} a month, ${count.format(PLAN_CATALOGUE[input.plan].creditsPerMonth)} credits at
          each renewal.
        </p>
        ${state}
      </section>
      ${switchCard}
      <div class="actions">${cancel}<a href="${input.returnUrl}">Return to Chorus</a></div>`,
  );
}
