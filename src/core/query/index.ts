// The query room: one parser for every filter, curation filter, order and paging parameter (docs/design.md
// sections 3 and 6.3) and for tag names, shared by CLI flags and HTTP query parameters, so both faces
// accept and refuse exactly the same values with the same messages.
// May use: analysis and formats.
export { invalid } from './params.js';
export type { RawParams } from './params.js';
export { parseListOrder, parseRandomOrder } from './order-params.js';
export { FILTER_WORDS, hasFilters, parseFilters, parsePaging } from './filters.js';
export { MAX_TAG_LENGTH, normalTag, parseTag } from './tag-words.js';
