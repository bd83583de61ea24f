// Progressive enhancement only: every page works without this script.
// 1. Copy buttons for the one-time API key display.
// 2. Copy buttons beside ids, addresses and hashes (data-copy holds the value).
// 3. Refreshing the transactions list in place while any transaction is pending.
(() => {
  // The live region that says what was copied: made at the first copy, so a page has no empty one.
  let copyStatus = null;
  const sayCopied = (text) => {
    if (!copyStatus) {
      copyStatus = document.createElement('p');
      copyStatus.className = 'visually-hidden';
      copyStatus.setAttribute('role', 'status');
      copyStatus.setAttribute('aria-live', 'polite');
      copyStatus.id = 'copy-announcer';
      document.body.append(copyStatus);
    }
    copyStatus.textContent = text;
  };
  const showCopyButtons = (root) => {
    for (const b of root.querySelectorAll('button[data-copy]')) b.hidden = false;
  };
  showCopyButtons(document);
  // One listener for every copy button, also those of a list swapped in by the refresh below.
  document.addEventListener('click', async (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-copy]') : null;
    if (!button) return;
    const value = button.getAttribute('data-copy') ?? '';
    try {
      await navigator.clipboard.writeText(value);
      sayCopied(`Copied ${value}`);
      button.setAttribute('data-copied', 'true');
    } catch {
      // Clipboard access can be refused: select the value beside the button instead.
      const shown = button.previousElementSibling;
      if (shown) window.getSelection()?.selectAllChildren(shown);
      sayCopied('Selected: press Ctrl+C (or Cmd+C) to copy.');
    }
  });

  for (const button of document.querySelectorAll('[data-copy-target]')) {
    const id = button.getAttribute('data-copy-target');
    const input = document.getElementById(id);
    const status = document.querySelector(`[data-copy-status="${id}"]`);
    if (!input) continue;
    button.hidden = false;
    const say = (text) => {
      if (status) status.textContent = text;
    };
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(input.value);
        say('Copied to the clipboard.');
      } catch {
        // Clipboard access can be refused: select the text so the keyboard shortcut copies it.
        input.focus();
        input.select();
        say('Selected: press Ctrl+C (or Cmd+C) to copy.');
      }
    });
  }

  const region = document.getElementById('transactions-region');
  const announcer = document.getElementById('refresh-announcer');
  if (!region?.hasAttribute('data-auto-refresh')) return;
  const seconds = Math.max(2, Number(region.getAttribute('data-auto-refresh')) || 5);
  let timer = null;
  const statuses = (root) =>
    [...root.querySelectorAll('tr[data-tx-id]')]
      .map((tr) => `${tr.dataset.txId}:${tr.textContent}`)
      .join('|');

  const refresh = async () => {
    timer = null;
    const current = document.getElementById('transactions-region');
    if (!current) return;
    try {
      const res = await fetch(window.location.href, {
        credentials: 'same-origin',
        headers: { accept: 'text/html' },
      });
      // Signed out meanwhile (redirected to the sign-in page): stop rather than show that page here.
      if (!res.ok || new URL(res.url).pathname !== window.location.pathname) return;
      const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
      const next = doc.getElementById('transactions-region');
      if (!next) return;
      const changed = statuses(current) !== statuses(next);
      const fresh = document.importNode(next, true);
      showCopyButtons(fresh);
      current.replaceWith(fresh);
      if (changed && announcer) announcer.textContent = 'Transactions updated.';
      if (next.hasAttribute('data-auto-refresh')) schedule();
      else if (announcer) announcer.textContent = 'Every transaction is now final.';
    } catch {
      schedule();
    }
  };
  const schedule = () => {
    if (timer === null && !document.hidden) timer = setTimeout(refresh, seconds * 1000);
  };
  // No polling in a background tab; catch up when it is shown again.
  document.addEventListener('visibilitychange', () => {
    if (document.hidden && timer !== null) {
      clearTimeout(timer);
      timer = null;
    } else if (
      !document.hidden &&
      document.getElementById('transactions-region')?.hasAttribute('data-auto-refresh')
    )
      schedule();
  });
  schedule();
})();
// 4. Payouts: a CSV file chosen in the upload form is read into its text field (which the form
//    sends; without this script the CSV is pasted there).
for (const input of document.querySelectorAll('input[data-csv-into]')) {
  input.addEventListener('change', async () => {
    const target = document.getElementById(input.getAttribute('data-csv-into') ?? '');
    const file = input.files?.[0];
    if (file && target) target.value = await file.text();
  });
}
