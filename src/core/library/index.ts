// The library room: indexing and the facade every face opens. walk (I/O) -> diff (pure) -> intake
// and analysis -> store writes; the scan queue and lease (one scan at a time), uploads, thumbnails,
// verifying a file is still what was indexed, the trash, random picks; openLibrary() ties the rooms
// together.
// May use: analysis, common, curate, dynamic, formats, packages, portable, query, settings, sources, store and variants.
export { openLibrary } from './facade.js';
export { isId } from './id.js';
