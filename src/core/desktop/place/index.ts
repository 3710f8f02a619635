// The file a pick puts on the screen (docs/design.md#the-desktop-room): the picture itself, a
// rendition where the desktop cannot show its format, a dynamic wallpaper's frame for now, a crop
// fitted to its monitor or a composite spanned over all. What decodes (sharp, the dynamic room) is
// loaded when first used.
// May use: monitors.
export { shownFile } from './shown-file.js';

/** The crops, renditions and spanned composites (sharp), loaded when first made. */
export const composing = () => import('./compose.js');
/** A dynamic wallpaper's frames (the dynamic room), loaded when first shown. */
export const dynamicFrames = () => import('./dynamic-frame.js');
