// @ts-check
// How the frame asks the server: one JSON request with a deadline, its failures sorted by what the
// frame does about them (an invalid parameter stops it; no match and no answer are asked again).
// ES2018 only (see frame-params.js).

/** A request or a decode that takes longer is treated as the server away. */
const TIMEOUT_MS = 20000;

/** What went wrong, by what the frame does about it. */
export class Refused extends Error {} // 400: an invalid parameter, shown as one line; the frame stops
export class NoMatch extends Error {} // 404: nothing matches (yet): said, and asked again later
export class Away extends Error {} // no answer, or 5xx: the wallpaper stays, asked again later

/** @template T @param {Promise<T>} promise @returns {Promise<T>} */
export function timed(promise) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Away('the server did not answer in time')), TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** @param {string} url */
export async function fetchJson(url) {
  /** @type {Response} */
  let response;
  try {
    response = await timed(fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } }));
  } catch (_error) {
    throw new Away('the server is not answering');
  }
  if (response.ok) return response.json();
  const text = (await response.text().catch(() => '')).trim();
  if (response.status === 400) throw new Refused(text || 'invalid parameter');
  if (response.status === 404) throw new NoMatch(text || 'no wallpaper matches the filters');
  throw new Away(text || `the server answered ${response.status}`);
}
