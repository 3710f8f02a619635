// The curate room: the user's hand on the library: favourites, hidden marks, user and folder tags,
// near-duplicate groups and the one to keep, "not duplicates" marks (docs/design.md#beyond-the-specification).
// May use: analysis, common, packages, query and store.
export { MAX_USER_TAGS, createCuration } from './facade.js';
export { folderTagsById } from './folder-tags.js';
export { prepare, similar } from './similarity.js';
export type { Prepared } from './similarity.js';
