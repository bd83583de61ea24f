import { html } from '../html.ts';
import { PAGES } from '../paths.ts';
import { type Flash, page } from './layout.ts';

export interface SignInModel {
  /** Double-submit token against login CSRF (the same value is in a cookie). */
  formToken: string;
  email: string;
  next: string;
  flash?: Flash | null;
}

export function signInPage(model: SignInModel): string {
  return page(
    { title: 'Sign in', user: null, flash: model.flash ?? null },
    html`<div class="narrow">
<h1>Sign in</h1>
<p>Sign in to manage your API keys, wallets and transactions.</p>
<form method="post" action="${PAGES.signIn}" class="stack">
  <input type="hidden" name="_csrf" value="${model.formToken}">
  <input type="hidden" name="next" value="${model.next}">
  <div class="field">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required maxlength="254"
      value="${model.email}"${model.email ? '' : html` autofocus`}>
  </div>
  <div class="field">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required
      maxlength="1024"${model.email ? html` autofocus` : ''}>
  </div>
  <button type="submit" class="button">Sign in</button>
</form>
<p class="hint">No password yet? An operator sets one with <code>wallet-api users set-password</code>.</p>
</div>`,
  );
}
