// @ts-check
// The open wallpaper lives in the URL (`#view=<id>`): a shared link opens it, Back closes it, and
// stepping through pictures in the viewer replaces the entry instead of piling up history.

const VIEW = /(?:^#|&)view=([0-9a-f]{16})(?:&|$)/;

/** The id in the URL, or null. */
export function viewedId() {
  return VIEW.exec(location.hash)?.[1] ?? null;
}

/** Put `id` in the URL: a new history entry when the viewer opens, a replaced one while it steps. @param {string} id */
export function showInUrl(id) {
  const hash = `#view=${id}`;
  if (location.hash === hash) return;
  const url = `${location.pathname}${location.search}${hash}`;
  if (viewedId()) history.replaceState(history.state, '', url);
  else history.pushState({ viewer: true }, '', url);
}

/** The viewer was closed on the page (Esc, the close button): drop the id from the URL. The entry is
 * replaced rather than left with history.back(): an asynchronous Back would race whatever the user
 * does next, such as following a link, and abort it. */
export function clearFromUrl() {
  if (!viewedId()) return;
  history.replaceState(null, '', `${location.pathname}${location.search}`);
}
