// The sources endpoints (docs/design.md#sources): GET /api/sources lists them with their counts and last
// fetch; POST /api/sources/{name}/fetch fetches one now (a mutation, under the access rules) and
// answers its summary, after the new wallpapers are indexed. Two requests for one source at once
// share one fetch.
import { WallpaperError } from '../../core/index.js';
import type { FetchSummary } from '../../core/types.js';
import type { RouteContext } from '../context.js';
import { json } from '../json.js';
import type { Route } from '../router.js';

export function sourceRoutes({ library }: RouteContext): Route[] {
  const running = new Map<string, Promise<FetchSummary>>();
  const fetchOnce = (name: string): Promise<FetchSummary> => {
    let fetching = running.get(name);
    if (!fetching) {
      fetching = library
        .fetchSources([name])
        .then(([summary]) => summary!)
        .finally(() => running.delete(name));
      running.set(name, fetching);
    }
    return fetching;
  };
  return [
    { path: '/api/sources', methods: { GET: (_req, res) => json(res, 200, { sources: library.listSources() }, 'no-store') } },
    {
      path: '/api/sources/:name/fetch',
      methods: {
        POST: async (req, res) => {
          req.resume(); // a body, if any, means nothing here
          const name = req.params.name ?? '';
          if (!library.settings().sources.some((source) => source.name === name)) {
            throw new WallpaperError('not_found', `no source named ${JSON.stringify(name.slice(0, 64))}`);
          }
          json(res, 200, await fetchOnce(name), 'no-store');
        },
      },
    },
  ];
}
