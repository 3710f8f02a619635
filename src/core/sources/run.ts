// One source's fetch: ask its service for a page, download up to FETCH_LIMIT pictures it never
// fetched before (each kept, skipped as a duplicate, or refused with the reason), record what it
// took. A source that fails loses nothing: its files stay, and only its state notes the error. A
// 429 makes it wait: no request until the time its Retry-After named.
import { mkdir } from 'node:fs/promises';
import type { Store } from '../store/index.js';
import { SourceFailure, SourceHttp } from './http.js';
import { type Seen, downloadOne, fileStemOf } from './download.js';
import { KINDS, ownUrl } from './kinds/index.js';
import type { FetchOptions, FetchSummary, SourceSetting } from '../types/sources.js';

/** Wallpapers one fetch adds to a source at most (docs/design.md#sources). */
export const FETCH_LIMIT = 10;
/** Refusal reasons a summary's error names at most. */
const REASONS_SHOWN = 3;

export interface RunContext {
  store: Store;
  folder: string;
  client: string;
  maxBytes: number;
  thumbnailSize: number;
  seen: Seen;
  /** Ids kept by this fetch: the same bytes twice from two sources are one wallpaper. */
  kept: Set<string>;
}

export async function fetchOne(source: SourceSetting, ctx: RunContext, options: FetchOptions): Promise<FetchSummary> {
  const summary: FetchSummary = { name: source.name, added: 0, skipped: 0, removed: 0, failed: 0, error: null };
  const state = ctx.store.sources.state(source.name);
  const now = new Date();
  if (state?.not_before && Date.parse(state.not_before) > now.getTime()) {
    // Retry-After is honoured across fetches too: no request before it.
    summary.error = `rate limited: waiting until ${state.not_before} as the service asked (Retry-After)`;
    return summary;
  }
  const http = new SourceHttp({ own: ownUrl(source), timeoutMs: options.timeoutMs, lookup: options.lookup });
  const reasons: string[] = [];
  let notBefore: string | null = null;
  try {
    await mkdir(ctx.folder, { recursive: true });
    const candidates = await KINDS[source.kind]({ source, http, client: ctx.client, limit: FETCH_LIMIT, monitor: options.monitor });
    for (const candidate of candidates) {
      if (summary.added >= FETCH_LIMIT) break;
      if (ctx.store.sources.fetchedBefore(source.name, candidate.remote)) {
        // Seen again: its file takes the title the source gives it now (one fetched before titles
        // were kept is titled by its name until then).
        if (candidate.title)
          ctx.store.sources.retitle(source.name, { remote: candidate.remote, stem: fileStemOf(candidate), title: candidate.title });
        continue;
      }
      let outcome: Awaited<ReturnType<typeof downloadOne>>;
      try {
        outcome = await downloadOne(candidate, {
          http,
          folder: ctx.folder,
          maxBytes: ctx.maxBytes,
          thumbnailSize: ctx.thumbnailSize,
          seen: ctx.seen,
        });
      } catch (error) {
        if (!(error instanceof SourceFailure) || error.retryAfterMs !== undefined) throw error;
        summary.failed++;
        reasons.push(error.message);
        continue;
      }
      if ('failed' in outcome) {
        summary.failed++;
        reasons.push(outcome.failed);
        continue;
      }
      if ('skipped' in outcome) {
        summary.skipped++;
        ctx.store.sources.rememberRemote(source.name, candidate.remote);
        continue;
      }
      ctx.kept.add(outcome.id);
      ctx.store.sources.recordFetched(
        outcome.kept,
        { name: source.name, kind: source.kind, ...credit(candidate) },
        { remote: candidate.remote, title: candidate.title },
        new Date().toISOString(),
      );
      summary.added++;
      // Unsplash counts the download; its failure costs the picture nothing.
      await candidate.kept?.().catch(() => undefined);
    }
    if (reasons.length > 0) {
      summary.error = `${reasons.length} failed: ${reasons.slice(0, REASONS_SHOWN).join('; ')}${reasons.length > REASONS_SHOWN ? '; ...' : ''}`;
    }
  } catch (error) {
    summary.error = error instanceof SourceFailure || error instanceof Error ? error.message : String(error);
    if (error instanceof SourceFailure && error.retryAfterMs !== undefined) {
      notBefore = new Date(now.getTime() + error.retryAfterMs).toISOString();
    }
  } finally {
    await http.close();
  }
  ctx.store.sources.setState({ name: source.name, last_fetch: now.toISOString(), last_error: summary.error, not_before: notBefore });
  return summary;
}

const credit = ({
  page_url,
  author,
  author_url,
  license,
}: {
  page_url: string | null;
  author: string | null;
  author_url: string | null;
  license: string | null;
}) => ({
  page_url,
  author,
  author_url,
  license,
});
