// The packages room: what a wallpaper package tells about its files: KDE packages and GNOME's
// background XML give titles (docs/design.md#titles) and designer light/dark pairs; a package's inside
// makes no folder tags. Pure text and path rules.
// May use: nothing but the leaves.
export { findTitles, packageInside, stemOf } from './titles.js';
export { findPairs } from './pairs.js';
