import { html } from '../html.ts';
import { PAGES } from '../paths.ts';
import { type PageContext, page } from './layout.ts';

/** An error page that says what happened and where to go next, in the dashboard's own layout. */
export function errorPage(
  user: PageContext['user'],
  input: { title: string; message: string; requestId: string },
): string {
  return page(
    { title: input.title, user },
    html`<div class="narrow">
<h1>${input.title}</h1>
<p>${input.message}</p>
<p><a href="${user ? PAGES.keys : PAGES.signIn}">${user ? 'Back to your API keys' : 'Go to sign in'}</a></p>
<p class="hint">Request id: <code>${input.requestId}</code></p>
</div>`,
  );
}
