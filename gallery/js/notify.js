// @ts-check
// Small, non-blocking messages ("copied", "deleted", errors) and the token dialog that api.js asks
// for when a mutation answers 401 or 403.

import { byId, h } from './dom.js';

/** Info messages disappear after this long; errors stay twice as long. */
const TOAST_MS = 4000;

/**
 * Show a short message in the live region at the bottom of the page, above any open dialog.
 * @param {string} message
 * @param {'info' | 'error'} [kind]
 */
export function notify(message, kind = 'info') {
  const region = byId('toasts');
  const toast = h('div', { class: `toast toast-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, message);
  const close = h('button', { type: 'button', class: 'icon-btn', 'aria-label': 'Dismiss', text: '×' });
  close.addEventListener('click', () => toast.remove());
  toast.append(close);
  region.append(toast);
  while (region.children.length > 4) region.firstElementChild?.remove();
  // An open modal dialog (the viewer) sits in the top layer and makes the rest of the page inert:
  // the region moves into it (so its buttons work) and shows as a popover again (so it is on top).
  const host = document.querySelector('dialog[open]:modal') ?? document.body;
  if (region.parentElement !== host) host.append(region);
  if (typeof region.showPopover === 'function') {
    if (region.matches(':popover-open')) region.hidePopover();
    region.showPopover();
  }
  setTimeout(() => toast.remove(), kind === 'error' ? TOAST_MS * 2 : TOAST_MS);
}

/**
 * Ask for the access token in a small dialog; resolves to the token, or null when cancelled.
 * @param {string} serverMessage  why the server refused (its plain-text answer)
 * @returns {Promise<string | null>}
 */
export function askToken(serverMessage) {
  const dialog = byId('token', HTMLDialogElement);
  const form = byId('token-form', HTMLFormElement);
  const input = byId('token-input', HTMLInputElement);
  byId('token-message').textContent = serverMessage;
  input.value = '';
  return new Promise((resolve) => {
    const onClose = () => {
      form.removeEventListener('submit', onSubmit);
      const token = dialog.returnValue === 'ok' ? input.value.trim() : '';
      input.value = '';
      resolve(token || null);
    };
    /** @param {SubmitEvent} event */
    const onSubmit = (event) => {
      // Cancel closes without validation; OK needs a token (the input is required).
      if (event.submitter instanceof HTMLButtonElement && event.submitter.value === 'ok' && !input.value.trim()) {
        event.preventDefault();
        input.focus();
      }
    };
    form.addEventListener('submit', onSubmit);
    dialog.addEventListener('close', onClose, { once: true });
    dialog.returnValue = '';
    dialog.showModal();
    input.focus();
  });
}
