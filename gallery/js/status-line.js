// @ts-check
// The status line above the grid when a page cannot be loaded: the server's message and one way
// out (clear the filters when some apply, else try again).

/**
 * @param {HTMLElement} line @param {string} message @param {boolean} filtered
 * @param {() => void} clearFilters @param {() => unknown} retry
 */
export function showStatus(line, message, filtered, clearFilters, retry) {
  line.replaceChildren(message);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-ghost';
  button.textContent = filtered ? 'Clear filters' : 'Try again';
  button.addEventListener('click', () => (filtered ? clearFilters() : void retry()));
  line.append(' ', button);
  line.classList.add('error');
  line.hidden = false;
}

/** @param {HTMLElement} line */
export function hideStatus(line) {
  line.hidden = true;
  line.classList.remove('error');
}
