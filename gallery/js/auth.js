// @ts-check
// The token mutations carry (`Authorization: Bearer <token>`), remembered in localStorage where the
// browser allows it, and the one prompt that asks for it when the server answers 401 or 403.

const TOKEN_KEY = 'wallpaper.token';

/** @returns {string | null} */
export function storedToken() {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null; // storage disabled (private mode policies): run without a remembered token
  }
}

/** @param {string | null} token */
function storeToken(token) {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused: the token still lives in memory for this page through `memoryToken`.
  }
  memoryToken = token;
}

/** @type {string | null} */
let memoryToken = storedToken();

/** @type {(message: string) => Promise<string | null>} */
let tokenPrompt = async () => null;
/** @type {Promise<string | null> | null} */
let pendingPrompt = null;

/** Register the UI that asks the user for a token; it resolves to the token or null (cancelled). */
export function setTokenPrompt(/** @type {(message: string) => Promise<string | null>} */ prompt) {
  tokenPrompt = prompt;
}

/** @returns {Record<string, string>} */
function authHeaders() {
  return memoryToken ? { Authorization: `Bearer ${memoryToken}` } : {};
}

/**
 * Run a mutation with the token; on 401/403 ask for a token (once, shared by concurrent requests)
 * and retry once with it.
 * @template {{ status: number }} R
 * @param {(headers: Record<string, string>) => Promise<R>} send
 * @param {(res: R) => string} messageOf  the server's reason, shown in the prompt
 * @returns {Promise<R>}
 */
export async function withToken(send, messageOf) {
  const tokenUsed = memoryToken;
  let res = await send(authHeaders());
  if (res.status !== 401 && res.status !== 403) return res;
  if (memoryToken && memoryToken !== tokenUsed) {
    // Another request obtained a new token while this one was in flight: just retry with it.
    return send(authHeaders());
  }
  if (!pendingPrompt) {
    pendingPrompt = tokenPrompt(messageOf(res)).finally(() => {
      pendingPrompt = null;
    });
  }
  const token = await pendingPrompt;
  if (!token) return res;
  storeToken(token);
  res = await send(authHeaders());
  return res;
}
